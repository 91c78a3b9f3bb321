package org.streamflex.bench.xstream;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.streamflex.Filter;
import org.streamflex.SharedChannel;
import org.streamflex.TimeChannel;
import org.streamflex.dsp.FloatSeg;
import org.streamflex.dsp.Timebase;

/**
 * The filters the signal-segment versions share: a source cutting the replayed recording into
 * segments of one batch each, a pass-through, and a sink that counts and sums, in stream order,
 * what reaches it.
 */
final class SegFilters {
    /** The recording's clock: 44.1 kHz from sample 0, numbers continuing across replays. */
    static final Timebase RECORDING = Timebase.of("counting", CountingRecording.SAMPLE_RATE, 0);

    private SegFilters() {
    }

    /**
     * Puts the next {@code batch} samples of the replayed recording on each release as one segment,
     * until the stream's length is reached: the acquisition step, which copies the samples once
     * into a pooled off-heap buffer. It keeps its own copy of the recording (a filter keeps only
     * arrays it allocated).
     */
    public static final class SegmentSource extends Filter {
        @SuppressWarnings("UnusedVariable") // the clock releases the filter through it; work() does not read the time
        private TimeChannel timer;
        private SharedChannel<FloatSeg> out;
        private final float[] samples = new float[CountingRecording.SAMPLES];
        private int batch = 1;
        private long remaining;
        private long next;
        private int position;

        /** Copies the recording, before the graph runs. */
        void load(float[] recording, int batch, long length) {
            System.arraycopy(recording, 0, samples, 0, samples.length);
            this.batch = batch;
            this.remaining = length;
        }

        @Override
        public void work() {
            int n = (int) Math.min(batch, remaining);
            if (n == 0) {
                return;
            }
            FloatSeg s = FloatSeg.make(RECORDING, next, n);
            int done = 0;
            while (done < n) {
                int run = Math.min(n - done, samples.length - position);
                s.set(done, samples, position, run);
                done += run;
                position = position + run == samples.length ? 0 : position + run;
            }
            next += n;
            remaining -= n;
            out.put(s);
        }
    }

    /** Forwards every segment it finds, by reference. */
    public static final class SegPass extends Filter {
        private SharedChannel<FloatSeg> in;
        private SharedChannel<FloatSeg> out;

        @Override
        public void work() {
            while (in.size() > 0) {
                out.put(in.take());
            }
        }
    }

    /** Counts and sums, in stream order, the samples of the segments that reach it. */
    public static final class SegSumSink extends Filter {
        private SharedChannel<FloatSeg> in;
        private long count;
        private double sum;

        @Override
        public void work() {
            while (in.size() > 0) {
                FloatSeg s = in.take();
                count += s.length();
                sum = addSamples(s, sum);
            }
        }

        public long count() {
            return count;
        }

        public double sum() {
            return sum;
        }
    }

    /** {@code sum} plus every sample of {@code s} in order, one piece at a time, straight from its memory. */
    static double addSamples(FloatSeg s, double sum) {
        double total = sum;
        for (int k = 0, pieces = s.pieceCount(); k < pieces; k++) {
            MemorySegment memory = s.pieceMemory(k);
            long at = s.pieceOffset(k);
            long end = at + (long) s.pieceLength(k) * Float.BYTES;
            for (; at < end; at += Float.BYTES) {
                total += memory.get(ValueLayout.JAVA_FLOAT, at);
            }
        }
        return total;
    }
}
