package org.streamflex.samples.marmot;

import org.streamflex.Channel;
import org.streamflex.DoubleChannel;
import org.streamflex.Filter;
import org.streamflex.SharedChannel;
import org.streamflex.dsp.SegTuple;

/**
 * A node's queue before its pipelined direction-of-arrival stage in the one-JVM run: the node's
 * detections (the sync's tuples) and progress marks wait here while the driver reads on, and go
 * out together once {@code batch} detections wait (or the end mark, or a channel half full, or the
 * waiting detections hold {@link #MAX_WAITING_FRAMES} frames): the
 * detections to the node's {@link MarmotDoa}, whose batch then holds several of them and is split
 * across cores (fission); the marks to the {@link DoaMerge}, which puts them after the vectors of
 * the detections before them. Each {@code work()} tells the merge, on {@code arrivals}, what came
 * since the last one: {@code +n} for n detections, then {@code -n} for n marks (the order in which
 * the unpipelined graph's {@code Joiner}, its inputs connected node by node, the DOA's vectors before
 * the source's marks, moved them); the merge, run right after, so learns the order across nodes.
 *
 * <p>Items wait in this filter's input channels, not in its fields (a filter may not keep a shared
 * value past its {@code work()} but in a {@code SharedQueue}, and the channels already hold them).
 *
 * <pre>{@code
 * DoaQueue queue = makeFilter("doa-queue-A", DoaQueue.class);
 * queue.configure(32);
 * into(cut, queue, "tuples");
 * connect(source, "progress", queue, "progress", 256);
 * connect(queue, "out", doa, "in", 64);
 * connect(queue, "marks", merge, "marks", 1024);
 * connect(queue, "arrivals", merge, "arrivals", 64);
 * }</pre>
 */
public final class DoaQueue extends Filter {
    /** The most detections one release sends; the DOA's input channel holds twice as many. */
    public static final int MAX_BATCH = 32;
    /**
     * The most frames the waiting detections hold before they go out, the batch full or not: 2^21,
     * about 48 s of audio at 44.1 kHz, 32 MiB of the source's float samples for four channels. A
     * batch of {@link #MAX_BATCH} ordinary calls (a few hundred milliseconds each) holds a tenth of
     * it; without a bound, 32 detections of the sync's longest (10 s each) would keep 225 MiB of a
     * node's audio alive, and a hostile recording that triggers long detections could run the heap
     * out.
     */
    public static final long MAX_WAITING_FRAMES = 1L << 21;

    private SharedChannel<SegTuple> tuples;
    private Channel<DoaVector> progress;
    private SharedChannel<SegTuple> out;
    private Channel<DoaVector> marks;
    private DoubleChannel arrivals;
    /** Items waiting in each input that the merge has been told of. */
    private int toldTuples;
    private int toldMarks;
    /** Frames (of each channel) of the detections the merge has been told of and that wait here. */
    private long waitingFrames;
    /** Set by an end mark, a channel half full or too many frames waiting: every waiting item goes out. */
    private boolean flush;
    /** Detections sent to the DOA so far. */
    private int sent;
    private int batch = MarmotRun.DEFAULT_QUEUE;
    private long maxWaitingFrames = MAX_WAITING_FRAMES;

    private DoaQueue() {
    }

    /**
     * Sets the batch; before the graph runs.
     *
     * @param detections how many detections wait before they go out together, 1 to {@link #MAX_BATCH}
     */
    void configure(int detections) {
        if (detections < 1 || detections > MAX_BATCH) {
            throw new IllegalArgumentException("DoaQueue: a batch of " + detections + " detections; 1 to "
                    + MAX_BATCH);
        }
        this.batch = detections;
    }

    /**
     * As {@link #configure(int)}, with a bound on the frames the waiting detections hold other than
     * {@link #MAX_WAITING_FRAMES} (for tests).
     */
    void configure(int detections, long maxFrames) {
        if (maxFrames < 1) {
            throw new IllegalArgumentException("DoaQueue: at most " + maxFrames + " frames waiting; at least 1");
        }
        configure(detections);
        this.maxWaitingFrames = maxFrames;
    }

    /** Detections sent to the DOA so far; read between the driver's steps. */
    int sent() {
        return sent;
    }

    @Override
    public void work() {
        int fresh = tuples.size() - toldTuples;
        if (fresh > 0) {
            arrivals.put(fresh);
            for (int i = toldTuples; i < tuples.size(); i++) {
                waitingFrames += frames(tuples.peek(i));
            }
            toldTuples += fresh;
        }
        fresh = progress.size() - toldMarks;
        if (fresh > 0) {
            arrivals.put(-fresh);
            for (int i = toldMarks; i < progress.size(); i++) {
                flush |= progress.peek(i).kind == DoaVector.END;
            }
            toldMarks += fresh;
        }
        flush |= 2 * tuples.size() >= tuples.capacity() || 2 * progress.size() >= progress.capacity()
                || waitingFrames >= maxWaitingFrames;
        if (flush || toldTuples >= batch) {
            release();
        }
    }

    /** Sends what waits, as far as the outputs have room; the rest goes with the next release. */
    private void release() {
        int n = Math.min(toldTuples, out.capacity() - out.size());
        for (int i = 0; i < n; i++) {
            SegTuple t = tuples.take();
            waitingFrames -= frames(t);
            out.put(t);
        }
        toldTuples -= n;
        sent += n;
        int m = Math.min(toldMarks, marks.capacity() - marks.size());
        for (int i = 0; i < m; i++) {
            marks.put(progress.take());
        }
        toldMarks -= m;
        flush = toldTuples > 0 || toldMarks > 0;
    }

    /** A detection's frames: its first channel's (the sync cuts every channel over the same range). */
    private static long frames(SegTuple t) {
        return t.size() == 0 ? 0 : t.get(0).length();
    }
}
