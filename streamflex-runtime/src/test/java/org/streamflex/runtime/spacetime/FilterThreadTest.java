package org.streamflex.runtime.spacetime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A filter's staged space-time operations, without a graph: what a commit makes, in which order. */
class FilterThreadTest {
    private final SpaceTime space = SpaceTime.create(64);
    private final SpaceTimeChannel channel = space.createChannel("frames");
    private final SpaceTimeThread thread = space.join("Camera#1", 10);
    private final OutputConnection out = thread.attachOutput(channel);
    private final FilterThread filter = new FilterThread(space, thread, "Camera#1");

    @AfterEach
    void close() {
        space.close();
    }

    private void put(long timestamp) {
        filter.put(out, channel, timestamp, MemorySegment.ofArray(new byte[8]),
                SpaceTime.UNKNOWN_CONSUMERS);
    }

    @Test
    void aPutIsPublishedOnlyWhenWorkReturns() {
        filter.begin();
        put(10);
        assertEquals(0, channel.liveItems());
        filter.commit();
        assertEquals(1, channel.liveItems());
    }

    @Test
    void aPutAnotherThreadMadeMeanwhileRefusesTheWholeCommit() {
        filter.begin();
        put(11);
        put(12);
        filter.setVirtualTime(13);
        long reserved = space.reservedBytes();
        space.join("plain", 12).attachOutput(channel).put(12, new byte[8]);
        DuplicateTimestampException e = assertThrows(DuplicateTimestampException.class, filter::commit);
        assertTrue(e.getMessage().contains("12"), e.getMessage());
        assertEquals(1, channel.liveItems(), "only the other thread's item: frame 11 was not published either");
        assertEquals(10, thread.virtualTime(), "nor the virtual time set");
        assertEquals(reserved + 64, space.reservedBytes(), "the staged slots went back to the pool for reuse");
    }

    @Test
    void aVirtualTimeGoesDownOnlyToTheOldestItemTheFilterHoldsOpen() {
        InputConnection in = thread.attachInput(channel);
        space.join("plain", 5).attachOutput(channel).put(5, new byte[8]);
        filter.begin();
        SpaceTimeItem frame = filter.get(in, channel, 5, null);
        assertThrows(VirtualTimeException.class, () -> filter.setVirtualTime(4));
        filter.setVirtualTime(6);
        put(7); // at or above the visibility, 5, which the virtual time going down to 6 leaves as it was
        filter.commit();
        frame.release(); // outside a graph no work() holds it: the caller does
        assertEquals(6, thread.virtualTime());
        assertEquals(2, channel.liveItems());
        assertEquals(5, thread.visibility());
    }

    @Test
    void aPutBelowTheVirtualTimeSetInTheSameWorkIsRefusedAtTheCall() {
        filter.begin();
        put(10);
        filter.setVirtualTime(20);
        VirtualTimeException e = assertThrows(VirtualTimeException.class, () -> put(15));
        assertTrue(e.getMessage().contains("Camera#1") && e.getMessage().contains("15"), e.getMessage());
        filter.commit();
        assertEquals(20, thread.virtualTime());
        // Published, then collected at once: no input connection holds it, and the virtual time passed it.
        assertEquals(1, space.reclaimedItems());
        assertEquals(0, channel.liveItems());
    }

    @Test
    void aGetAsyncSatisfiedByACommitRunsOnTheFiltersThreadOnceTheCommitIsWhole() {
        SpaceTimeThread tracker = space.join("tracker", 0);
        InputConnection in = tracker.attachInput(channel);
        long[] seen = {-1, -1};
        in.getAsync(10, item -> {
            try (item) {
                seen[0] = item.timestamp();
                seen[1] = thread.virtualTime(); // the commit's virtual time, set after its puts
            }
            assertFalse(space.lock.isHeldByCurrentThread(), "a handler never runs under the space's lock");
        });
        filter.begin();
        put(10);
        filter.setVirtualTime(11);
        assertEquals(-1, seen[0], "nothing published before work() returns");
        filter.commit();
        assertEquals(10, seen[0], "handled on the committing thread before commit() returned");
        assertEquals(11, seen[1], "after the whole commit");
        assertEquals(0, in.asyncHandlerFailures());
    }

    @Test
    void aTimestampPutTwiceInOneWorkIsRefusedAtTheSecondPut() {
        filter.begin();
        put(10);
        assertThrows(DuplicateTimestampException.class, () -> put(10));
    }

    @Test
    void spaceTimeOutsideWorkIsRefusedWithWhereToUseIt() {
        SpaceTimeStateException e = assertThrows(SpaceTimeStateException.class, () -> put(10));
        assertTrue(e.getMessage().contains("a put on channel frames by filter Camera#1 outside its work()"),
                e.getMessage());
        filter.begin();
        put(10);
        filter.undo();
        assertThrows(SpaceTimeStateException.class, () -> filter.setVirtualTime(11));
        assertEquals(0, channel.liveItems(), "the undone put was dropped");
    }
}
