package org.streamflex.bench.region;

import org.streamflex.fixtures.Folder;
import org.streamflex.fixtures.Folding;

/**
 * The baseline: a {@link Folder} release, {@link Folding#fold} line for line, in a plain class no
 * filter reaches. It is not woven, so it allocates on the heap and pays for no region. A copy
 * because weaving is per class; {@code RegionBaselineTest} checks that the two compute the same.
 */
public final class HeapFolder {
    private long tick;
    private long checksum;

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
        HeapSample first = new HeapSample(t, sum);
        HeapSample last = new HeapSample(sum, (long) window[n - 1]);
        checksum = checksum * 31 + first.a + first.b + last.a + last.b;
    }

    public long checksum() {
        return checksum;
    }

    /** {@code Folding.Sample}, outside the reachable class set. */
    static final class HeapSample {
        final long a;
        final long b;

        HeapSample(long a, long b) {
            this.a = a;
            this.b = b;
        }
    }
}
