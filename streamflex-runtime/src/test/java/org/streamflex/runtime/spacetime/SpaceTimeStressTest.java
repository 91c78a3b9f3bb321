package org.streamflex.runtime.spacetime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

/**
 * Two producers put interleaved timestamps (out of order between them) while three consumers
 * get, check and consume, for a bounded time: every item read carries the bytes its producer put
 * (a checksum of its timestamp), each consumer sees each timestamp at most once, and once all
 * have consumed everything and left, every item put has been reclaimed with its exact bytes.
 */
class SpaceTimeStressTest {
    private static final int SIZE = 48;
    private static final long WINDOW = 256;

    private static void fill(byte[] item, long ts) {
        ByteBuffer b = ByteBuffer.wrap(item).order(ByteOrder.nativeOrder());
        for (int i = 0; i < SIZE; i += 8) {
            b.putLong(i, ts * 1_000_003L + i);
        }
    }

    @Test
    void concurrentProducersAndConsumersSeeIntactItemsAndEverythingIsReclaimed() throws Exception {
        SpaceTime space = SpaceTime.create(SIZE);
        SpaceTimeChannel channel = space.createChannel("stress");
        AtomicBoolean stop = new AtomicBoolean();
        AtomicLong produced = new AtomicLong();
        ExecutorService pool = Executors.newFixedThreadPool(5);
        try {
            // Producers join first: once every joined thread is at INFINITY the minimum is too.
            List<SpaceTimeThread> producerThreads = new ArrayList<>();
            for (int p = 0; p < 2; p++) {
                producerThreads.add(space.join("producer" + p, p));
            }
            List<Future<Long>> consumers = new ArrayList<>();
            for (int c = 0; c < 3; c++) {
                SpaceTimeThread t = space.join("consumer" + c, 0);
                InputConnection in = t.attachInput(channel);
                t.setVirtualTime(SpaceTime.INFINITY);
                Wildcard how = c == 0 ? Wildcard.OLDEST : c == 1 ? Wildcard.NEWEST : Wildcard.LATEST_UNSEEN;
                consumers.add(pool.submit(() -> consume(in, how, stop, channel)));
            }
            List<Future<?>> producers = new ArrayList<>();
            long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(400);
            for (int p = 0; p < 2; p++) {
                SpaceTimeThread t = producerThreads.get(p);
                OutputConnection out = t.attachOutput(channel);
                int first = p;
                producers.add(pool.submit(() -> {
                    byte[] item = new byte[SIZE];
                    for (long ts = first; System.nanoTime() < end; ts += 2) {
                        while (ts >= space.horizon() + WINDOW && System.nanoTime() < end) {
                            // keeps the channel small: the collector scans what is unconsumed
                            LockSupport.parkNanos(100_000);
                        }
                        fill(item, ts);
                        out.put(ts, item);
                        produced.incrementAndGet();
                        t.setVirtualTime(ts + 2);
                    }
                    t.leave();
                    return null;
                }));
            }
            for (Future<?> f : producers) {
                f.get(30, TimeUnit.SECONDS);
            }
            stop.set(true);
            long gets = 0;
            for (Future<Long> f : consumers) {
                gets += f.get(30, TimeUnit.SECONDS);
            }
            assertTrue(gets > 0);
            assertEquals(produced.get(), space.reclaimedItems(), "every item reclaimed once all consumed");
            assertEquals(produced.get() * SIZE, space.reclaimedBytes());
            assertEquals(0, channel.liveItems());
        } finally {
            pool.shutdownNow();
            space.close();
        }
    }

    /** Gets, verifies and consumes until the producers stop and nothing is left; returns the gets. */
    private static long consume(InputConnection in, Wildcard how, AtomicBoolean stop, SpaceTimeChannel channel)
            throws InterruptedException {
        long gets = 0;
        Set<Long> seen = new HashSet<>();
        while (true) {
            try (ItemView v = in.get(how, 5, TimeUnit.MILLISECONDS)) {
                long ts = v.timestamp();
                assertTrue(seen.add(ts), "timestamp " + ts + " got twice on one connection");
                for (int i = 0; i < SIZE; i += 8) {
                    assertEquals(ts * 1_000_003L + i, v.getLong(i), "checksum of item " + ts);
                }
                gets++;
                if (how == Wildcard.LATEST_UNSEEN) {
                    in.consumeUntil(ts);
                } else {
                    in.consume(ts);
                }
            } catch (ItemNotAvailableException none) {
                if (stop.get() && channel.liveItems() == 0) {
                    return gets;
                }
            }
        }
    }
}
