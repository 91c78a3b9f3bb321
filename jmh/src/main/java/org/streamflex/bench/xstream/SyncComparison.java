package org.streamflex.bench.xstream;

import java.util.List;
import org.streamflex.bench.xstream.DetectAudioSegs.Shape;
import org.streamflex.bench.xstream.XStreamWorkloads.Workload;
import org.streamflex.dsp.memory.BufferPool;
import org.streamflex.runtime.GraphDriver;

/**
 * XStream's section IV-B comparison on DETECTAUDIO's signal-segment graph: cut off before the sync,
 * with the sync, and with a symmetric hash join on per-sample timestamps in place of the sync
 * ({@link DetectAudioSegs.Shape}). The paper found 0.9 times the throughput of the cut graph with
 * sync and 0.2 times with the join, which also used five times the memory. Each shape is a
 * {@link Version} of DETECTAUDIO that {@link XStreamMain} times like the others (the sync and join
 * shapes give the workload's checksum; the cut one counts the detections only), and
 * {@link #peakBytes} measures the memory each holds.
 *
 * <pre>{@code
 * for (Version v : SyncComparison.versions()) {
 *     System.out.println(v.name() + " " + v.run(input, 1) + " " + SyncComparison.peakBytes(v, input, 1));
 * }
 * }</pre>
 */
final class SyncComparison {
    /** The shapes' names, in the order they print. */
    static final String CUT = "cut-before-sync";
    static final String SYNC = "with-sync";
    static final String HASH_JOIN = "with-hash-join";
    /** Bytes a hash join keeps per entry: the 64-bit timestamp and the float sample. */
    static final int ENTRY_BYTES = 12;

    private SyncComparison() {
    }

    /** The three shapes as versions of DETECTAUDIO. */
    static List<Version> versions() {
        return List.of(version(CUT, Shape.CUT), version(SYNC, Shape.SYNC), version(HASH_JOIN, Shape.HASH_JOIN));
    }

    private static Version version(String name, Shape shape) {
        return new Version() {
            @Override
            public Workload workload() {
                return Workload.DETECTAUDIO;
            }

            @Override
            public String name() {
                return name;
            }

            @Override
            public Checksum run(XStreamInput input, int replays) throws InterruptedException {
                return prepare(input, replays).run();
            }

            @Override
            public Prepared prepare(XStreamInput input, int replays) {
                return graph(shape, input, replays).driver();
            }
        };
    }

    private static DetectAudioSegs graph(Shape shape, XStreamInput input, int replays) {
        return new DetectAudioSegs(shape, input, input.length(Workload.DETECTAUDIO, replays));
    }

    /**
     * The most memory the graph of {@code version} holds at once over a run of {@code replays}
     * replays, sampled after every release of its source: the off-heap sample buffers its segments
     * hold (the source's batches, the sync's runs, spectra), plus, for the hash join, the entries of
     * its tables at {@value #ENTRY_BYTES} bytes each. The sources copy each batch into a pooled
     * buffer here, as data arriving from a device would be: replaying the loaded input by reference,
     * what a sync holds would be views of that input and cost no memory of its own. Measured on the
     * calling thread alone, with no other graph running.
     */
    static long peakBytes(Version version, XStreamInput loaded, int replays) {
        XStreamInput input = loaded.withCopyingSources(true);
        Shape shape = switch (version.name()) {
            case CUT -> Shape.CUT;
            case SYNC -> Shape.SYNC;
            case HASH_JOIN -> Shape.HASH_JOIN;
            default -> throw new IllegalArgumentException("not a shape of the sync comparison: " + version.name());
        };
        DetectAudioSegs graph = graph(shape, input, replays);
        GraphDriver driver = GraphDriver.of(graph);
        BufferPool pool = BufferPool.shared();
        long base = pool.bytesInUse();
        long releases = (input.length(Workload.DETECTAUDIO, replays) + input.batch() - 1) / input.batch();
        long peak = 0;
        for (long r = 0; r < releases; r++) {
            driver.step();
            peak = Math.max(peak, pool.bytesInUse() - base + ENTRY_BYTES * graph.joinEntries());
        }
        return peak;
    }
}
