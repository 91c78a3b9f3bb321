package org.streamflex.samples.marmot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.streamflex.Channel;
import org.streamflex.DoubleChannel;
import org.streamflex.Filter;
import org.streamflex.SharedChannel;
import org.streamflex.StreamFlexGraph;
import org.streamflex.TimeChannel;
import org.streamflex.dsp.FloatSeg;
import org.streamflex.dsp.SegTuple;
import org.streamflex.dsp.Timebase;
import org.streamflex.runtime.GraphDriver;

/**
 * When a node's {@link DoaQueue} lets its detections go: once its batch is full, or once the waiting
 * detections hold its bound of frames, whichever comes first (the one-JVM run's long-detection guard).
 */
class DoaQueueTest {
    /** One detection of {@code frames} frames on each of the four channels per release; no progress marks. */
    public static final class Detections extends Filter {
        @SuppressWarnings("UnusedVariable") // the clock releases it; work() does not read the time
        private TimeChannel timer;
        private SharedChannel<SegTuple> out;
        @SuppressWarnings("UnusedVariable") // connected for the queue's input; never put on
        private Channel<DoaVector> progress;
        private Timebase timebase;
        private int frames;
        private long at;

        private Detections() {
        }

        @Override
        public void work() {
            SegTuple t = SegTuple.make(ArraySource.CHANNELS);
            for (int m = 0; m < ArraySource.CHANNELS; m++) {
                t.set(m, FloatSeg.make(timebase, at, frames));
            }
            at += frames;
            out.put(t);
        }
    }

    /** Counts the detections the queue let go. */
    public static final class Taken extends Filter {
        private SharedChannel<SegTuple> in;
        private int count;

        private Taken() {
        }

        @Override
        public void work() {
            in.take();
            count++;
        }
    }

    /** Takes the queue's news for the merge. */
    public static final class News extends Filter {
        private DoubleChannel arrivals;

        private News() {
        }

        @Override
        public void work() {
            arrivals.take();
        }
    }

    /** Takes the marks the queue let go. */
    public static final class Marks extends Filter {
        private Channel<DoaVector> marks;

        private Marks() {
        }

        @Override
        public void work() {
            marks.take();
        }
    }

    private static final class Graph extends StreamFlexGraph {
        private final DoaQueue queue;
        private final Taken taken;

        Graph(int frames, int batch, long maxFrames) {
            Detections source = makeFilter("detections", Detections.class, 256 << 10, 256 << 10);
            source.frames = frames;
            source.timebase = Timebase.of("node-A", 44_100, 0);
            connect(makeClock(0), source, "timer");
            queue = makeFilter("doa-queue-A", DoaQueue.class, 64 << 10, 64 << 10);
            if (maxFrames == 0) {
                queue.configure(batch);
            } else {
                queue.configure(batch, maxFrames);
            }
            connect(source, "out", queue, "tuples", 64);
            connect(source, "progress", queue, "progress", 256);
            taken = makeFilter("taken", Taken.class);
            connect(queue, "out", taken, "in", 2 * DoaQueue.MAX_BATCH);
            connect(queue, "marks", makeFilter("marks", Marks.class), "marks", 1024);
            connect(queue, "arrivals", makeFilter("news", News.class), "arrivals", 256);
            validate();
        }
    }

    /** Steps the graph once per detection; the detections let go after each step. */
    private static int[] takenAfterEachStep(Graph g, int steps) {
        GraphDriver driver = GraphDriver.of(g);
        int[] taken = new int[steps];
        for (int i = 0; i < steps; i++) {
            driver.step();
            taken[i] = g.taken.count;
            assertEquals(g.taken.count, g.queue.sent(), "step " + i + ": sent and taken");
        }
        return taken;
    }

    @Test
    void detectionsGoOutOnceTheBatchIsFull() {
        assertEquals("[0, 0, 0, 4, 4, 4, 4, 8]",
                Arrays.toString(takenAfterEachStep(new Graph(1_000, 4, 0), 8)));
    }

    @Test
    void detectionsGoOutBeforeTheBatchIsFullOnceTheyHoldTheBoundOfFrames() {
        // 3 detections of 1,000 frames reach a bound of 2,500; the batch of 32 is never full.
        assertEquals("[0, 0, 3, 3, 3, 6, 6, 6, 9]",
                Arrays.toString(takenAfterEachStep(new Graph(1_000, 32, 2_500), 9)));
        // One long detection alone reaches it.
        assertEquals("[1, 2, 3]", Arrays.toString(takenAfterEachStep(new Graph(5_000, 32, 2_500), 3)));
    }

    @Test
    void aBoundOfNoFramesIsRefused() {
        Graph g = new Graph(1, 4, 0);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> g.queue.configure(4, 0));
        assertEquals("DoaQueue: at most 0 frames waiting; at least 1", e.getMessage());
    }
}
