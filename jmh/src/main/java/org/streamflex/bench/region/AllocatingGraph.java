package org.streamflex.bench.region;

import org.streamflex.Filter;
import org.streamflex.StreamFlexGraph;
import org.streamflex.TimeChannel;

/**
 * One filter that allocates three arrays per release (a window of 64-66 doubles, 16 int bins,
 * twice as many bytes as the window) and folds them into a checksum. The build weaves it, so its
 * arrays come from its transient region.
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

    /** Folds each tick's arrays into a checksum. */
    public static final class Folder extends Filter {
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
            checksum = checksum * 31 + sum + (long) window[n - 1];
        }
    }
}
