package org.streamflex.runtime.spacetime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Virtual time rules and the collector: what is freed, when, and what never is. */
class SpaceTimeCollectionTest {
    private final SpaceTime space = SpaceTime.create(4096);
    private final SpaceTimeChannel channel = space.createChannel("frames");
    private final SpaceTimeThread producer = space.join("producer", 0);
    private final OutputConnection out = producer.attachOutput(channel);

    @AfterEach
    void close() {
        space.close();
    }

    @Test
    void aPutBelowThePuttersVisibilityIsRefused() {
        producer.setVirtualTime(10);
        VirtualTimeException e = assertThrows(VirtualTimeException.class, () -> out.put(9, new byte[1]));
        assertTrue(e.getMessage().contains("producer") && e.getMessage().contains("9")
                && e.getMessage().contains("10"), e.getMessage());
        out.put(10, new byte[1]);
    }

    @Test
    void anOpenItemLowersVisibilityAndBoundsVirtualTimeAndChildren() throws Exception {
        out.put(5, new byte[1]);
        SpaceTimeThread tracker = space.join("tracker", 0);
        InputConnection in = tracker.attachInput(channel); // before INFINITY, which would consume 5 on it
        tracker.setVirtualTime(SpaceTime.INFINITY);
        OutputConnection result = tracker.attachOutput(space.createChannel("results"));
        ItemView frame = in.get(5);
        assertEquals(5, tracker.visibility());
        result.put(5, new byte[1]); // inherits the timestamp it holds open
        assertThrows(VirtualTimeException.class, () -> result.put(4, new byte[1]));
        assertThrows(VirtualTimeException.class, () -> tracker.setVirtualTime(4));
        assertThrows(VirtualTimeException.class, () -> tracker.spawn("child", 4));
        assertEquals(5, tracker.spawn("child", 5).virtualTime());
        tracker.setVirtualTime(7);
        tracker.setVirtualTime(6); // down again: still at or above the visibility, 5
        assertEquals(6, tracker.virtualTime());
        in.consume(5);
        frame.release();
        assertEquals(6, tracker.visibility());
        assertThrows(VirtualTimeException.class, () -> tracker.setVirtualTime(5));
    }

    @Test
    void aNewInputConnectionStartsWithItemsBelowItsVisibilityConsumed() throws Exception {
        out.put(1, new byte[1]);
        out.put(7, new byte[1]);
        InputConnection in = space.join("late", 5).attachInput(channel);
        assertThrows(ItemNotAvailableException.class, () -> in.get(1));
        in.get(7).close();
        InputConnection atInfinity = space.join("inheritor", SpaceTime.INFINITY).attachInput(channel);
        assertThrows(ItemNotAvailableException.class, () -> atInfinity.get(Wildcard.OLDEST), "the paper's rule");
        out.put(8, new byte[1]);
        atInfinity.get(8).close(); // only items present at the attach
    }

    @Test
    void outOfOrderPutsWithASlowConsumerFreeExactlyWhatIsBelowTheMinimum() throws Exception {
        SpaceTimeThread fast = space.join("fast", SpaceTime.INFINITY);
        SpaceTimeThread slow = space.join("slow", SpaceTime.INFINITY);
        InputConnection fastIn = fast.attachInput(channel);
        InputConnection slowIn = slow.attachInput(channel);
        for (long ts : new long[] {4, 0, 3, 1, 2, 5}) {
            out.put(ts, new byte[(int) ts + 1]);
        }
        producer.setVirtualTime(6);
        fastIn.consumeUntil(5);
        assertEquals(0, space.reclaimedItems(), "the slow consumer has consumed nothing");

        ItemView held = slowIn.get(1);
        slowIn.consumeUntil(2); // 0..2 consumed on both; 1 still held by a view
        assertEquals(3, space.horizon());
        assertEquals(2, space.reclaimedItems(), "0 and 2 freed, 1 held");
        assertEquals(1 + 3, space.reclaimedBytes());
        assertArrayEquals(new byte[2], held.toByteArray(), "a held item's bytes stay intact");
        held.release();
        assertEquals(3, space.reclaimedItems());
        assertEquals(1 + 2 + 3, space.reclaimedBytes());

        slowIn.consume(4); // 3 is unconsumed on the slow connection: nothing at or above 3 goes
        assertEquals(3, space.horizon());
        assertEquals(3, space.reclaimedItems());
        assertEquals(3, channel.liveItems());
        slowIn.consume(3);
        assertEquals(5, space.horizon(), "5 is unconsumed");
        assertEquals(5, space.reclaimedItems());
        assertEquals(1 + 2 + 3 + 4 + 5, space.reclaimedBytes());
    }

    @Test
    void theProducersVirtualTimeHoldsItemsItCouldStillCorrelate() {
        SpaceTimeThread consumer = space.join("consumer", SpaceTime.INFINITY);
        InputConnection in = consumer.attachInput(channel);
        out.put(0, new byte[1]);
        out.put(1, new byte[1]);
        in.consumeUntil(1);
        assertEquals(0, space.reclaimedItems(), "the producer's virtual time is still 0");
        producer.setVirtualTime(1);
        assertEquals(1, space.reclaimedItems());
        producer.setVirtualTime(SpaceTime.INFINITY);
        assertEquals(2, space.reclaimedItems());
        assertEquals(0, channel.liveItems());
    }

    @Test
    void aReferenceCountedItemIsFreedAfterItsDeclaredConsumes() throws Exception {
        SpaceTimeThread a = space.join("a", SpaceTime.INFINITY);
        SpaceTimeThread b = space.join("b", SpaceTime.INFINITY);
        SpaceTimeThread c = space.join("c", SpaceTime.INFINITY);
        InputConnection inA = a.attachInput(channel);
        InputConnection inB = b.attachInput(channel);
        InputConnection inC = c.attachInput(channel);
        out.put(3, new byte[8], 2);
        out.put(4, new byte[8]);
        inA.consume(3);
        assertEquals(0, space.reclaimedItems());
        ItemView held = inB.get(3);
        inB.consume(3);
        assertEquals(0, space.reclaimedItems(), "b still holds its view");
        assertThrows(ItemNotAvailableException.class, () -> inC.get(3), "dead after two consumes");
        held.release();
        assertEquals(1, space.reclaimedItems());
        assertEquals(8, space.reclaimedBytes());
        assertThrows(DuplicateTimestampException.class, () -> out.put(3, new byte[1]),
                "a freed timestamp above the minimum is still taken");
        inC.get(4).close(); // the other item is untouched
        assertThrows(IllegalArgumentException.class, () -> out.put(9, new byte[1], 0));
    }

    @Test
    void aDetachOrLeaveReleasesWhatTheConnectionHeldBack() {
        SpaceTimeThread consumer = space.join("consumer", SpaceTime.INFINITY);
        InputConnection in = consumer.attachInput(channel);
        out.put(0, new byte[1]);
        producer.setVirtualTime(SpaceTime.INFINITY);
        assertEquals(0, space.reclaimedItems());
        in.detach();
        assertEquals(1, space.reclaimedItems());
        consumer.leave();
        assertThrows(SpaceTimeStateException.class, () -> consumer.attachInput(channel));
    }

    @Test
    void aThreadCannotJoinBelowTheHorizon() {
        producer.setVirtualTime(20);
        assertEquals(20, space.horizon());
        assertThrows(VirtualTimeException.class, () -> space.join("old", 19));
        space.join("new", 20);
    }
}
