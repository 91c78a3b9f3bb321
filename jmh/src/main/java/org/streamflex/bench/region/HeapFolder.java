package org.streamflex.bench.region;

/**
 * The baseline: {@link AllocatingGraph.Folder}'s {@code work()} line for line, in a plain class no
 * filter reaches, so it is not woven and allocates on the heap.
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
        checksum = checksum * 31 + sum + (long) window[n - 1];
    }

    /** {@code AllocatingGraph.Sample}, outside the reachable class set. */
    static final class HeapSample {
        final long a;
        final long b;

        HeapSample(long a, long b) {
            this.a = a;
            this.b = b;
        }
    }

    public long checksum() {
        return checksum;
    }
}
