package org.streamflex.bench.xstream;

import org.streamflex.bench.xstream.XStreamWorkloads.Workload;

/**
 * One implementation of one workload: what {@link XStreamMain} times and what the tests check
 * against the others. A new version (the signal-segment graphs) is a new implementation listed in
 * {@link XStreamVersions}; the harness's table needs no change.
 *
 * <pre>{@code
 * XStreamInput input = XStreamInput.load(4096);
 * Version v = XStreamVersions.find(Workload.PASSCHAIN, Version.PER_SAMPLE);
 * Checksum c = v.run(input, 10);                  // 10 replays of the recording
 * Version.Prepared ready = v.prepare(input, 10);  // the same, with the set-up done first
 * long start = System.nanoTime();
 * Checksum same = ready.run();                    // only this is timed
 * }</pre>
 */
public interface Version {
    /** The hand-written loop over the float array: the floor. */
    String PLAIN = "plain";
    /** StreamFlex graphs with one sample per channel item: the paper's XStream-NoSigSeg. */
    String PER_SAMPLE = "per-sample";
    /** A thread per operator, blocking queues, a tuple object with a timestamp per sample. */
    String CONVENTIONAL = "conventional";
    /** StreamFlex graphs passing signal segments: the paper's XStream. */
    String SIGSEG = "sigseg";

    /** The workload it runs. */
    Workload workload();

    /** Its name in the table: one of the constants above, or a new one. */
    String name();

    /**
     * Runs the workload on the input stream of {@code replays} replays of the recording, delivered
     * in the input's batches, from the first sample to the last, and returns its checksum.
     *
     * @throws InterruptedException if the calling thread is interrupted while it waits for threads
     *     of its own
     */
    Checksum run(XStreamInput input, int replays) throws InterruptedException;

    /**
     * The input samples a run of {@code replays} replays processes, which its rate counts: the
     * recording's samples, or for DETECTAUDIO those of all four channels.
     */
    default long samples(XStreamInput input, int replays) {
        return replays * workload().samplesPerReplay();
    }

    /**
     * Does what {@link #run} does before the first sample moves (building a graph, copying the
     * recording into its source) and returns the rest, which is all that the harness times: a
     * round of XStream's measurement starts with the query plan in place and the input parsed. By
     * default nothing is prepared.
     */
    default Prepared prepare(XStreamInput input, int replays) {
        return () -> run(input, replays);
    }

    /**
     * A run ready to go; it runs once.
     *
     * <pre>{@code
     * Version.Prepared ready = version.prepare(input, 1);
     * Checksum c = ready.run();
     * }</pre>
     */
    @FunctionalInterface
    interface Prepared {
        /** Processes the whole stream and returns the checksum. */
        Checksum run() throws InterruptedException;
    }
}
