package org.streamflex.bench.xstream;

import org.streamflex.Filter;
import org.streamflex.FloatChannel;
import org.streamflex.TimeChannel;

/**
 * The filters every per-sample graph shares: the recording's source, a pass-through stage and a
 * summing sink, each moving one {@code float} per channel item.
 */
final class SampleFilters {
    /** The source's stable region: the recording's copy and the filter itself. */
    static final int SOURCE_STABLE_BYTES = 4 * CountingRecording.SAMPLES + 64 * 1024;

    private SampleFilters() {
    }

    /**
     * Puts the next {@code batch} samples of the replayed recording on each release, one item per
     * sample, until the stream's length is reached. It keeps its own copy of the recording (a
     * filter keeps only arrays it allocated).
     */
    public static final class RecordingSource extends Filter {
        @SuppressWarnings("UnusedVariable") // the clock releases the filter through it; work() does not read the time
        private TimeChannel timer;
        private FloatChannel out;
        private final float[] samples = new float[CountingRecording.SAMPLES];
        private int batch = 1;
        private long remaining;
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
            for (int i = 0; i < n; i++) {
                out.put(samples[position]);
                position = position + 1 == samples.length ? 0 : position + 1;
            }
            remaining -= n;
        }

        /** Samples still to put. */
        public long remaining() {
            return remaining;
        }
    }

    /** Forwards every available sample, a take and a put at a time. */
    public static final class Pass extends Filter {
        private FloatChannel in;
        private FloatChannel out;

        @Override
        public void work() {
            while (in.size() > 0) {
                out.put(in.take());
            }
        }
    }

    /** Counts and sums, in order, the samples that reach it. */
    public static final class SumSink extends Filter {
        private FloatChannel in;
        private long count;
        private double sum;

        @Override
        public void work() {
            while (in.size() > 0) {
                sum += in.take();
                count++;
            }
        }

        public long count() {
            return count;
        }

        public double sum() {
            return sum;
        }
    }
}
