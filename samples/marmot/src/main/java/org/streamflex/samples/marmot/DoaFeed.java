package org.streamflex.samples.marmot;

import org.streamflex.Channel;
import org.streamflex.Filter;
import org.streamflex.SharedChannel;
import org.streamflex.dsp.FloatSeg;
import org.streamflex.dsp.Seg;
import org.streamflex.dsp.SegTuple;
import org.streamflex.dsp.Segs;
import org.streamflex.dsp.Timebase;
import org.streamflex.dsp.TimebaseIds;

/**
 * The node's end of the DOA on the server: puts each detection's tuple and each progress mark of
 * the node's source on one channel, in the order the node made them, so that the server's
 * {@link MarmotDoa} (which serves every node) never takes a mark before the detections it follows.
 * Two channels, one of tuples and one of marks, would cross on two links with no order between
 * them, and the server could cluster past a time before a node's detection of it arrived.
 *
 * <p>What it puts, one {@link SegTuple} per item:
 * <ul>
 *   <li>a detection: the sync's four channels, each cut to the samples the DOA reads
 *       ({@link MarmotDoa#samplesRead}: from the range's start, the skip before the lead and
 *       {@code --doa-samples}), so that a long detection costs no more on the network than the DOA
 *       needs; its tag is the detection's end on the node's clock ({@link MarmotDoa#rangeEnd} of
 *       the whole tuple), which the DOA reports as it would on the node;
 *   <li>a mark: {@value #MARK_PLACES} place, an empty segment on the node's timebase starting at
 *       sample {@link DoaVector#PROGRESS} or {@link DoaVector#END}; its tag is how far the node has
 *       listened ({@link DoaVector#endNanos}).
 * </ul>
 * In each release, part by part, it puts the detections waiting before the marks: a detection the
 * sync has cut is of audio the marks waiting beside it vouch for, so a mark never precedes one.
 *
 * <pre>{@code
 * DoaFeed feed = makeFilter("doa-feed", DoaFeed.class, 64 << 10, 64 << 10);
 * feed.configure(config.padNanos(), leadNanos, config.doaSamples());
 * feed.part(timebase);                                // once per node part, in connection order
 * into(cut, feed, "tuples");
 * connect(source, "progress", feed, "progress", 256);
 * }</pre>
 */
public final class DoaFeed extends Filter {
    /** The places of a mark's tuple; a detection's has {@link ArraySource#CHANNELS}. */
    public static final int MARK_PLACES = 1;

    private SharedChannel<SegTuple>[] tuples;
    private Channel<DoaVector>[] progress;
    private SharedChannel<SegTuple> out;
    /** Per part (connection order), its node's timebase ({@link TimebaseIds}), on which its marks are put. */
    private final int[] timebases = new int[DoaCluster.MAX_NODES];
    private int parts;
    private long padNanos = 50_000_000L;
    private long leadNanos = 50_000_000L;
    private int samples = 8_192;

    private DoaFeed() {
    }

    /** The DOA's padding, lead and samples, as its {@code configure} has them; before the graph runs. */
    void configure(long pad, long lead, int doaSamples) {
        this.padNanos = pad;
        this.leadNanos = lead;
        this.samples = doaSamples;
    }

    /** Adds the next node part's timebase, in the order its channels are connected; before the graph runs. */
    void part(Timebase timebase) {
        if (parts == DoaCluster.MAX_NODES) {
            throw new IllegalArgumentException("DoaFeed: more than " + DoaCluster.MAX_NODES + " node parts");
        }
        timebases[parts++] = TimebaseIds.id(timebase);
    }

    @Override
    public void work() {
        for (int p = 0; p < tuples.length; p++) {
            SharedChannel<SegTuple> detections = tuples[p];
            while (detections.size() > 0) {
                out.put(trim(detections.take(), padNanos, leadNanos, samples));
            }
            Channel<DoaVector> marks = progress[p];
            while (marks.size() > 0) {
                DoaVector v = marks.take();
                SegTuple t = SegTuple.make(MARK_PLACES);
                t.set(0, FloatSeg.make(TimebaseIds.timebase(timebases[p]), v.kind, 0));
                t.tag(v.endNanos);
                out.put(t);
            }
        }
    }

    /**
     * {@code t} with each channel cut to what a DOA of padding {@code pad}, lead {@code lead} and
     * {@code doaSamples} samples reads, tagged with the detection's end ({@link MarmotDoa#rangeEnd} of
     * the whole tuple), which a DOA serving several nodes reports.
     */
    static SegTuple trim(SegTuple t, long pad, long lead, int doaSamples) {
        int length = Integer.MAX_VALUE;
        for (int m = 0; m < t.size(); m++) {
            length = Math.min(length, t.get(m).length());
        }
        Seg first = t.get(0);
        SegTuple cut = SegTuple.make(t.size());
        // Too short for a direction, the DOA drops it (and says so): its end does not matter then.
        cut.tag(length < MarmotDoa.MIN_SAMPLES ? first.startNanos() : MarmotDoa.rangeEnd(first, length));
        int keep = MarmotDoa.samplesRead(pad, lead, doaSamples, first.timebase().sampleRate());
        for (int m = 0; m < t.size(); m++) {
            Seg s = t.get(m);
            cut.set(m, s.length() <= keep ? s : Segs.subsegAny(s, 0, keep));
        }
        return cut;
    }
}
