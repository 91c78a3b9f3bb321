package org.streamflex.samples.marmot;

import org.streamflex.Channel;
import org.streamflex.Filter;
import org.streamflex.SharedChannel;
import org.streamflex.dsp.SegTuple;

/**
 * The queue before the pipelined direction-of-arrival stage of the one-JVM run: every node part's
 * detections (the sync's tuples) and progress marks wait here, in the order they came, while the
 * driver reads on, and go out together once {@code batch} detections wait (or a node's end mark,
 * or a channel half full): the detections, in that order, to the one {@link MarmotDoa} that serves
 * every node, whose batch then holds several of them and is split across cores (fission); the marks
 * to a {@link DoaMerge}, each with the number of detections sent before it in {@link DoaVector#seq},
 * so that the merge puts it after their vectors and never before one.
 *
 * <p>Items wait in this filter's input channels, not in its fields (a filter may not keep a shared
 * value past its {@code work()}); what it keeps is the order they came in: each {@code work()} notes
 * the items new on each input, part by part, a part's detections before its marks, which is the
 * order in which the {@code Joiner} of the unpipelined graph moved the same items (its inputs, the
 * DOA's vectors and the source's marks, connected part by part), and the release takes them in that
 * order. So the merge's output is the Joiner's, item for item.
 *
 * <pre>{@code
 * DoaQueue queue = makeFilter("doa-queue", DoaQueue.class);
 * queue.configure(8, config.padNanos(), leadNanos, config.doaSamples());
 * into(cut, queue, "tuples");                            // per node part, in node order
 * connect(source, "progress", queue, "progress", 256);   // the same part's marks next
 * connect(queue, "out", doa, "in", 64);
 * connect(queue, "marks", merge, "marks", 1024);
 * }</pre>
 */
public final class DoaQueue extends Filter {
    /** The most detections one release sends; the DOA's input channel must hold them. */
    public static final int MAX_BATCH = 32;
    /** Entries of the order log: a release comes before it fills. */
    private static final int LOG = 1024;

    private SharedChannel<SegTuple>[] tuples;
    private Channel<DoaVector>[] progress;
    private SharedChannel<SegTuple> out;
    private Channel<DoaVector> marks;
    /** Per input (part p's tuples at 2p, its marks at 2p + 1): the items in it that the log holds. */
    private final int[] logged = new int[2 * DoaCluster.MAX_NODES];
    /** The log: which input, and how many of its items, in the order they came. */
    private final int[] logInput = new int[LOG];
    private final int[] logCount = new int[LOG];
    private int entries;
    private int first;
    private int waitingDetections;
    /** Set by an end mark or a full log or channel: everything logged goes out, the queue's batch or not. */
    private boolean flush;
    /** Detections sent to the DOA so far: the {@link DoaVector#seq} a mark leaves with. */
    private int sent;
    private int batch = 8;
    private long padNanos = 50_000_000L;
    private long leadNanos = 50_000_000L;
    private int samples = 8_192;

    private DoaQueue() {
    }

    /**
     * Sets the batch and the DOA's padding, lead and samples (as its {@code configure} has them);
     * before the graph runs.
     *
     * @param detections how many detections wait before they go out together, 1 to {@link #MAX_BATCH}
     */
    void configure(int detections, long pad, long lead, int doaSamples) {
        if (detections < 1 || detections > MAX_BATCH) {
            throw new IllegalArgumentException("DoaQueue: a batch of " + detections + " detections; 1 to "
                    + MAX_BATCH);
        }
        this.batch = detections;
        this.padNanos = pad;
        this.leadNanos = lead;
        this.samples = doaSamples;
    }

    /** Detections sent to the DOA so far; read between the driver's steps. */
    int sent() {
        return sent;
    }

    @Override
    public void work() {
        for (int p = 0; p < tuples.length; p++) {
            SharedChannel<SegTuple> detections = tuples[p];
            int fresh = detections.size() - logged[2 * p];
            if (fresh > 0) {
                log(2 * p, fresh);
                waitingDetections += fresh;
            }
            Channel<DoaVector> m = progress[p];
            for (int i = logged[2 * p + 1]; i < m.size(); i++) {
                flush |= m.peek(i).kind == DoaVector.END;
            }
            fresh = m.size() - logged[2 * p + 1];
            if (fresh > 0) {
                log(2 * p + 1, fresh);
            }
            flush |= 2 * detections.size() >= detections.capacity() || 2 * m.size() >= m.capacity();
        }
        flush |= entries > LOG - 2 * tuples.length;
        if (flush || waitingDetections >= batch) {
            release();
        }
    }

    private void log(int input, int count) {
        logged[input] += count;
        int last = (first + entries - 1) % LOG;
        if (entries > 0 && logInput[last] == input) {
            logCount[last] += count;
            return;
        }
        int at = (first + entries) % LOG;
        logInput[at] = input;
        logCount[at] = count;
        entries++;
    }

    /** Sends what the log holds, in its order, as far as the outputs have room; the rest goes next time. */
    private void release() {
        while (entries > 0) {
            int input = logInput[first];
            int p = input / 2;
            boolean detection = input % 2 == 0;
            int room = detection ? out.capacity() - out.size() : marks.capacity() - marks.size();
            int n = Math.min(room, logCount[first]);
            for (int i = 0; i < n; i++) {
                if (detection) {
                    out.put(DoaFeed.trim(tuples[p].take(), padNanos, leadNanos, samples));
                    sent++;
                } else {
                    DoaVector v = progress[p].take();
                    v.seq = sent;
                    marks.put(v);
                }
            }
            logged[input] -= n;
            if (detection) {
                waitingDetections -= n;
            }
            logCount[first] -= n;
            if (logCount[first] > 0) {
                return;
            }
            first = (first + 1) % LOG;
            entries--;
        }
        flush = false;
    }
}
