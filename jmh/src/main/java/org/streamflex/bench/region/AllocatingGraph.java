package org.streamflex.bench.region;

import org.streamflex.Filter;
import org.streamflex.StreamFlexGraph;
import org.streamflex.TimeChannel;

/**
 * One filter that allocates three arrays (a window of 64-66 doubles, 16 int bins, twice as many
 * bytes as the window) and two small objects per release and folds them into a checksum. The
 * build weaves it, so all of them come from its transient region.
 */
public final class AllocatingGraph extends StreamFlexGraph {
    private final Folder folder;

    public AllocatingGraph() {
        folder = makeFilter(Folder.class);
        connect(makeClock(0), folder);
        validate();
    }

    public long checksum() {
        return folder.checksum;
    }

    /** A transient pair, two of which each release creates. */
    static final class Sample {
        final long a;
        final long b;

        Sample(long a, long b) {
            this.a = a;
            this.b = b;
        }
    }

    /** Folds each tick's arrays and objects into a checksum. */
    public static final class Folder extends Filter {
        @SuppressWarnings("UnusedVariable") // the clock releases the filter through it; work() does not read the time
        private TimeChannel timer;
        private long tick;
        private long checksum;

        @Override
        public void work() {
            long t = tick++;
            int n = 64 + (int) (t % 3);
            double[] window = new double[n];
            int[] bins = new int[16];
            byte[] scratch = new byte[n * 2];
            for (int i = 0; i < n; i++) {
                window[i] = (t + i) * 0.5;
                bins[i & 15] += (int) window[i];
                scratch[2 * i] = (byte) i;
            }
            long sum = 0;
            for (int b : bins) {
                sum += b;
            }
            for (byte b : scratch) {
                sum += b;
            }
            Sample first = new Sample(t, sum);
            Sample last = new Sample(sum, (long) window[n - 1]);
            checksum = checksum * 31 + first.b + last.b + first.a - last.a;
        }
    }
}
