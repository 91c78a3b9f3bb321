package org.streamflex.runtime.spacetime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class SpaceTimeQueueTest {
    private final SpaceTime space = SpaceTime.create(64);
    private final SpaceTimeQueue queue = space.createQueue("tiles");
    private final SpaceTimeThread producer = space.join("splitter", 0);
    private final QueueOutput out = producer.attachOutput(queue);

    @AfterEach
    void close() {
        space.close();
    }

    @Test
    void getsAreFifoWhateverTheTimestampsAndTicketsTellSharedTimestampsApart() throws Exception {
        QueueInput in = space.join("worker", SpaceTime.INFINITY).attachInput(queue);
        long t1 = out.put(5, new byte[] {1});
        long t2 = out.put(5, new byte[] {2});
        long t3 = out.put(2, new byte[] {3});
        assertTrue(t1 != t2 && t2 != t3 && t1 != t3);
        for (long expected : new long[] {t1, t2, t3}) {
            try (ItemView v = in.get()) {
                assertEquals(expected, v.ticket());
                in.consume(v.ticket());
            }
        }
        assertEquals(3, space.reclaimedItems());
        assertThrows(ItemNotAvailableException.class, in::get);
    }

    @Test
    void aQueueItemHoldsTheMinimumUntilConsumed() throws Exception {
        SpaceTimeChannel channel = space.createChannel("frames");
        OutputConnection frames = producer.attachOutput(channel);
        frames.put(1, new byte[1]);
        out.put(1, new byte[1]);
        producer.setVirtualTime(SpaceTime.INFINITY);
        assertEquals(1, space.horizon(), "the queued item at 1 holds the minimum");
        QueueInput in = space.join("worker", SpaceTime.INFINITY).attachInput(queue);
        ItemView v = in.get();
        assertEquals(1, space.horizon(), "and still does while open");
        SpaceTimeStateException e = assertThrows(SpaceTimeStateException.class, in::detach);
        assertTrue(e.getMessage().contains("tiles"), e.getMessage());
        in.consume(v.ticket());
        v.release();
        assertEquals(SpaceTime.INFINITY, space.horizon());
        assertEquals(2, space.reclaimedItems(), "the queue item, then the channel item below the minimum");
    }

    @Test
    void aTicketIsConsumedOnceAndOnlyByItsConnection() throws Exception {
        QueueInput a = space.join("a", SpaceTime.INFINITY).attachInput(queue);
        QueueInput b = space.join("b", SpaceTime.INFINITY).attachInput(queue);
        out.put(0, new byte[1]);
        long ticket = a.get().ticket();
        assertThrows(SpaceTimeStateException.class, () -> b.consume(ticket));
        a.consume(ticket);
        assertThrows(SpaceTimeStateException.class, () -> a.consume(ticket));
    }

    @Test
    void everyItemIsGotExactlyOnceAcrossConcurrentConsumers() throws Exception {
        int consumers = 3;
        AtomicBoolean stop = new AtomicBoolean();
        ConcurrentHashMap<Long, Integer> gotten = new ConcurrentHashMap<>();
        ExecutorService pool = Executors.newFixedThreadPool(consumers);
        List<Future<Long>> sums = new ArrayList<>();
        try {
            for (int i = 0; i < consumers; i++) {
                QueueInput in = space.join("worker" + i, SpaceTime.INFINITY).attachInput(queue);
                sums.add(pool.submit(() -> {
                    long sum = 0;
                    while (true) {
                        try (ItemView v = in.get(10, TimeUnit.MILLISECONDS)) {
                            gotten.merge(v.ticket(), 1, Integer::sum);
                            sum += v.getLong(0);
                            in.consume(v.ticket());
                        } catch (ItemNotAvailableException empty) {
                            if (stop.get() && queue.waitingItems() == 0) {
                                return sum;
                            }
                        }
                    }
                }));
            }
            long putSum = 0;
            long puts = 0;
            long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(300);
            byte[] item = new byte[8];
            while (System.nanoTime() < end) {
                long value = puts * 31 + 7;
                ByteBuffer.wrap(item).order(ByteOrder.nativeOrder()).putLong(0, value);
                out.put(puts / 4, item); // four items share each timestamp
                putSum += value;
                puts++;
                producer.setVirtualTime(puts / 4);
            }
            stop.set(true);
            long gotSum = 0;
            for (Future<Long> f : sums) {
                gotSum += f.get(30, TimeUnit.SECONDS);
            }
            assertEquals(puts, gotten.size(), "every ticket got");
            assertTrue(gotten.values().stream().allMatch(n -> n == 1), "no ticket got twice");
            assertEquals(putSum, gotSum);
            assertEquals(puts, space.reclaimedItems());
        } finally {
            pool.shutdownNow();
        }
    }
}
