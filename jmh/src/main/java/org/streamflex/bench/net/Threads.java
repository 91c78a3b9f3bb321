package org.streamflex.bench.net;

/**
 * Sleeping and joining for the network benchmarks' control threads: an interrupt ends the run as a
 * {@link BenchFailure}, the interrupt status kept.
 *
 * <pre>{@code
 * Threads.sleep(options.warmup());
 * producer.running = false;
 * Threads.join(thread);
 * }</pre>
 */
final class Threads {
    private Threads() {
    }

    static void sleep(double seconds) {
        try {
            Thread.sleep((long) (seconds * 1000));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BenchFailure("interrupted");
        }
    }

    static void join(Thread thread) {
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BenchFailure("interrupted");
        }
    }
}
