package org.streamflex.bench.net;

import java.lang.management.ManagementFactory;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * A throughput run of a network benchmark: the items counted at the sender over the measured window,
 * its length, the heap bytes allocated meanwhile by the whole sending process and by its producer
 * thread (-1 where the producer is the event loop), and the run's final counts.
 *
 * <pre>{@code
 * Rate raw = Rate.measure(options, pump::written, -1).counted(sent, sent, received);
 * System.out.println(raw.row("raw Netty", 8, raw));
 * }</pre>
 *
 * @param items items counted in the window
 * @param nanos the window's length
 * @param processBytes heap bytes every thread of this JVM allocated in the window
 * @param producerBytes heap bytes the producer thread allocated in the window, or -1
 * @param accepted items the sender took over the whole run
 * @param sent items the sender wrote over the whole run
 * @param received items the peer received over the whole run
 */
record Rate(long items, long nanos, long processBytes, long producerBytes, long accepted, long sent,
        long received) {
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    /**
     * Sleeps the warm-up, waits for the first item (a warm-up of 0 still measures a flowing run), then
     * counts {@code count} over the window.
     *
     * @param producerThread the id of the producer thread, or -1 if none but the event loop
     * @throws BenchFailure if nothing flowed within 10 s of the warm-up, or in the window and 10 s after it
     */
    static Rate measure(BenchOptions o, LongSupplier count, long producerThread) {
        Threads.sleep(o.warmup());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (count.getAsLong() == 0) {
            if (System.nanoTime() > deadline) {
                throw new BenchFailure("nothing was sent within 10 s of the warm-up");
            }
            Threads.sleep(0.001);
        }
        Snapshot a = Snapshot.take(count.getAsLong(), producerThread);
        Threads.sleep(o.seconds());
        Snapshot b = Snapshot.take(count.getAsLong(), producerThread);
        // A machine busy with other work may give the sender no time in a short window: the window
        // then grows (its real length is what the rate divides by) rather than report a stall that
        // is the load's; a sender that moves nothing for 10 s more has stalled.
        long stalledAt = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (b.count() == a.count()) {
            if (System.nanoTime() > stalledAt) {
                throw new BenchFailure("nothing was sent in the " + o.seconds() + " s window nor in the 10 s after"
                        + " it: the sender stalled");
            }
            Threads.sleep(0.01);
            b = Snapshot.take(count.getAsLong(), producerThread);
        }
        return new Rate(b.count() - a.count(), b.nanos() - a.nanos(), b.processBytes() - a.processBytes(),
                producerThread < 0 ? -1 : b.producerBytes() - a.producerBytes(), -1, -1, -1);
    }

    /** This window with the run's final counts. */
    Rate counted(long acceptedItems, long sentItems, long receivedItems) {
        return new Rate(items, nanos, processBytes, producerBytes, acceptedItems, sentItems, receivedItems);
    }

    double perSecond() {
        return items * 1e9 / nanos;
    }

    /** Megabytes (10^6 bytes) per second, for items of {@code bytesPerItem}. */
    double megabytesPerSecond(int bytesPerItem) {
        return perSecond() * bytesPerItem / 1e6;
    }

    /** Heap bytes per item of the whole process. */
    double processBytesPerItem() {
        return (double) processBytes / items;
    }

    /** Heap bytes per item of the producer thread, or "n/a". */
    String producerBytesPerItem() {
        return producerBytes < 0 ? "n/a" : String.format(Locale.ROOT, "%.3f", (double) producerBytes / items);
    }

    /**
     * A table row: items/s, MB/s for items of {@code bytesPerItem}, heap bytes per item (process,
     * producer) and the ratio to {@code baseline}'s items/s.
     */
    String row(String name, int bytesPerItem, Rate baseline) {
        return String.format(Locale.ROOT, "%-15s %12.0f %10.1f %17.3f %18s %5.2fx", name, perSecond(),
                megabytesPerSecond(bytesPerItem), processBytesPerItem(), producerBytesPerItem(),
                perSecond() / baseline.perSecond());
    }

    /** The header of {@link #row}'s table. */
    static String header(String what) {
        return String.format(Locale.ROOT, "%-15s %12s %10s %17s %18s %6s", what, "items/s", "MB/s", "B/item (process)",
                "B/item (producer)", "ratio");
    }

    /** What the clock, the count and the allocation counters say at one instant. */
    private record Snapshot(long nanos, long count, long processBytes, long producerBytes) {
        static Snapshot take(long count, long producerThread) {
            return new Snapshot(System.nanoTime(), count, THREADS.getTotalThreadAllocatedBytes(),
                    producerThread < 0 ? -1 : THREADS.getThreadAllocatedBytes(producerThread));
        }
    }
}
