package org.streamflex.runtime.spacetime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The put-get-consume cycle of the benchmark ({@code SpaceTimeCycleBenchmark} in jmh): what it
 * allocates, and the consumed-state watermark that keeps a consume in timestamp order out of the
 * connection's set.
 */
class SpaceTimeCycleTest {
    private final SpaceTime space = SpaceTime.create(64);
    private final SpaceTimeChannel channel = space.createChannel("frames");
    private final SpaceTimeThread producer = space.join("producer", 0);
    private final OutputConnection out = producer.attachOutput(channel);

    @AfterEach
    void close() {
        space.close();
    }

    @Test
    void aConsumeAtTheWatermarkCountsOnceAndOnlyOnItsOwnConnection() throws Exception {
        SpaceTimeThread fastThread = space.join("fast", 0);
        SpaceTimeThread slowThread = space.join("slow", 0);
        InputConnection fast = fastThread.attachInput(channel);
        InputConnection slow = slowThread.attachInput(channel);
        fastThread.setVirtualTime(SpaceTime.INFINITY);
        slowThread.setVirtualTime(SpaceTime.INFINITY);
        for (long ts = 0; ts < 4; ts++) {
            out.put(ts, new byte[] {(byte) ts});
        }
        producer.setVirtualTime(4);
        fast.consume(0);
        slow.consumeUntil(0);
        assertEquals(1, space.horizon(), "0 is consumed on both connections");
        fast.consume(1); // the fast connection's watermark is now at the horizon, 1: this moves it
        ItemNotAvailableException miss = assertThrows(ItemNotAvailableException.class, () -> fast.get(1));
        assertEquals(2, miss.above());
        SpaceTimeStateException twice = assertThrows(SpaceTimeStateException.class, () -> fast.consume(1));
        assertTrue(twice.getMessage().contains("already consumed"), twice.getMessage());
        try (ItemView one = slow.get(1)) {
            assertEquals(1, one.getByte(0), "the slow connection has not consumed 1");
        }
        assertEquals(1, space.horizon());
        slow.consume(1);
        assertEquals(2, space.horizon());
        fast.consume(3); // out of order: goes to the set, not the watermark
        try (ItemView two = fast.get(Wildcard.NEWEST)) {
            assertEquals(2, two.timestamp(), "3 is consumed, 2 is not");
        }
        fast.consume(2);
        slow.consumeUntil(3);
        assertEquals(4, space.horizon());
        assertEquals(4, space.reclaimedItems());
    }

    /**
     * The bound sits between what the cycle allocates now (96 bytes with C2's escape analysis in the
     * benchmark, 288 in this test's partly interpreted window: the item, its memory segment slice and
     * the view) and what it allocated with a {@code TreeMap} index (232 with C2, 480 interpreted: also
     * the map's entry and boxed key and the open set's entry) and before the benchmark (864 with C2,
     * 1,776 interpreted: a message string at every put and get, and map views at every collection).
     */
    @Test
    void aPutGetConsumeCycleAllocatesOnlyTheItemAndItsView() throws Exception {
        var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        assumeTrue(threads.isThreadAllocatedMemorySupported(), "this JVM does not count allocated bytes");
        SpaceTimeThread sinkThread = space.join("sink", 0);
        InputConnection in = sinkThread.attachInput(channel);
        sinkThread.setVirtualTime(SpaceTime.INFINITY);
        MemorySegment src = MemorySegment.ofArray(new byte[64]);
        MemorySegment dst = MemorySegment.ofArray(new byte[64]);
        int cycles = 20_000;
        long ts = 0;
        long before = 0;
        for (int round = 0; round < 2; round++) { // the first warms up
            before = threads.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < cycles; i++, ts++) {
                src.set(ValueLayout.JAVA_LONG_UNALIGNED, 0, ts);
                out.put(ts, src);
                producer.setVirtualTime(ts + 1);
                try (ItemView item = in.get(ts)) {
                    item.copyTo(0, dst, 0, item.byteSize());
                }
                in.consume(ts);
                assertEquals(ts, dst.get(ValueLayout.JAVA_LONG_UNALIGNED, 0));
            }
        }
        long perCycle = (threads.getCurrentThreadAllocatedBytes() - before) / cycles;
        assertTrue(perCycle < 440, perCycle + " bytes per put-get-consume cycle");
        assertEquals(0, channel.liveItems(), "every item collected within its cycle");
        assertEquals(2L * cycles, space.reclaimedItems());
        assertEquals(64, space.reservedBytes(), "one slot, reused by every item");
    }
}
