package org.streamflex.runtime.channel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.streamflex.ChannelUnderflowException;
import org.streamflex.fixtures.Soak;

/**
 * The ring's indices, as {@link LongRing} exercises them: slots freed only when takes are
 * published, exact capacities, wrap-around, bulk copies across the end of the storage, and two
 * threads. The channel semantics every kind shares are {@link ChannelContractTest}'s.
 */
class SpscRingTest {
    private final LongRing ring = new LongRing(4, "A.out -> B.in");

    @Test
    void takenSlotsAreFreedOnlyWhenTakesArePublished() {
        publish(1, 2, 3, 4);
        ring.take();
        assertFalse(ring.put(5), "slot of an unpublished take is still the consumer's");
        ring.rollbackPuts();
        ring.publishTakes();
        assertTrue(ring.put(5));
    }

    @Test
    void copyingNothingFromAnEmptyRingPutsNothing() {
        LongRing target = new LongRing(4, "target");
        ring.copyTo(target, 0);
        assertEquals(0, target.pendingPuts());
        assertThrows(ChannelUnderflowException.class, () -> ring.copyTo(target, 1));
    }

    @Test
    void capacityIsExactEvenWhenNotAPowerOfTwo() {
        LongRing three = new LongRing(3, "three");
        assertTrue(three.put(1));
        assertTrue(three.put(2));
        assertTrue(three.put(3));
        assertFalse(three.put(4));
        three.publishPuts();
        assertEquals(3, three.size());
        assertEquals(1, three.dropped());
    }

    @Test
    void keepsOrderAcrossManyWrapArounds() {
        long next = 0;
        for (long v = 0; v < 10_000; v++) {
            ring.put(v);
            if (v % 3 == 2) {
                ring.publishPuts();
                while (ring.size() > 0) {
                    assertEquals(next++, ring.take());
                }
                ring.publishTakes();
            }
        }
    }

    @Test
    void aConfinedRingPublishesAndFreesAsASharedOneDoes() {
        LongRing confined = new LongRing(2, "confined");
        confined.confine();
        assertTrue(confined.put(1));
        assertTrue(confined.put(2));
        assertFalse(confined.put(3));
        confined.publishPuts();
        assertEquals(2, confined.size());
        assertEquals(1, confined.take());
        assertFalse(confined.put(4), "the slot of an unpublished take is still the consumer's");
        confined.rollbackPuts();
        confined.publishTakes();
        assertTrue(confined.put(4));
        confined.publishPuts();
        assertEquals(2, confined.take());
        assertEquals(4, confined.take());
        assertEquals(1, confined.dropped());
    }

    @Test
    void aProducerAndAConsumerThreadLoseNothingUncounted() throws Exception {
        LongRing shared = new LongRing(64, "stress");
        Soak soak = Soak.start();
        AtomicLong produced = new AtomicLong();
        String error = null;
        Thread producer = new Thread(() -> {
            long v = 0;
            for (; soak.more(v, 200_000); v++) {
                shared.put(v);
                if (v % 7 == 6) {
                    shared.publishPuts();
                }
            }
            shared.publishPuts();
            produced.set(v);
        });
        producer.start();
        long expected = 0;
        long received = 0;
        while (producer.isAlive() || shared.size() > 0) {
            while (shared.size() > 0) {
                long v = shared.take();
                if (v < expected && error == null) {
                    error = "value " + v + " after " + (expected - 1);
                }
                expected = v + 1;
                received++;
            }
            shared.publishTakes();
        }
        producer.join();
        assertEquals(null, error);
        assertEquals(produced.get(), received + shared.dropped(), "every put is received or counted as dropped");
        assertEquals(received, shared.published());
    }

    @Test
    void transferMovesEveryValueInOrderAcrossWrapArounds() {
        LongRing target = new LongRing(5, "B.out -> C.in");
        long next = 0;
        long expected = 0;
        for (int round = 0; round < 100; round++) {
            for (int i = 0; i < 3; i++) {
                ring.put(next++);
            }
            ring.publishPuts();
            assertEquals(3, ring.transferTo(target));
            ring.publishTakes();
            target.publishPuts();
            while (target.size() > 0) {
                assertEquals(expected++, target.take());
            }
            target.publishTakes();
        }
        assertEquals(300, target.published());
        assertEquals(0, target.dropped());
    }

    @Test
    void aTransferIsUndoneOnBothSidesByRollback() {
        LongRing target = new LongRing(4, "target");
        publish(1, 2);
        ring.transferTo(target);
        ring.rollbackTakes();
        target.rollbackPuts();
        target.publishPuts();
        assertEquals(2, ring.size());
        assertEquals(0, target.size());
    }

    @Test
    void sizeForBatchCountsOnlyPublishedItemsAndNoTakeGoesPastThem() {
        publish(1, 2);
        ring.put(3); // not published: not the consumer's yet
        assertEquals(2, ring.sizeForBatch());
        assertEquals(1, ring.take());
        assertEquals(2, ring.take());
        assertThrows(ChannelUnderflowException.class, ring::take);
        ring.publishPuts();
        assertEquals(1, ring.sizeForBatch());
        assertEquals(3, ring.take());
    }

    @Test
    void aPutFindsTheRoomFreedSinceTheLimitItLastRead() {
        publish(1, 2, 3, 4);
        assertFalse(ring.hasRoomFor(1));
        assertEquals(1, ring.take());
        assertEquals(2, ring.take());
        ring.publishTakes();
        // The producer's cached limit still says full: the puts read the head again and find two slots.
        assertTrue(ring.put(5));
        assertTrue(ring.put(6));
        assertFalse(ring.put(7));
        ring.publishPuts();
        assertEquals(1, ring.dropped());
        assertEquals(0, ring.free());
        ring.take();
        ring.publishTakes();
        assertTrue(ring.hasRoomFor(1));
        assertFalse(ring.hasRoomFor(2));
        assertEquals(1, ring.free());
        assertEquals(6, ring.published());
    }

    @Test
    void batchEndIsTheTailReadOnceCappedAtMaxTakesAndTakePositionCountsTakesAndUntakes() {
        publish(1, 2, 3);
        long start = ring.takePosition();
        assertEquals(start + 3, ring.batchEnd(8), "all three published items");
        assertEquals(start + 2, ring.batchEnd(2), "capped at two takes past the next one");
        long end = ring.batchEnd(8);
        assertEquals(1, ring.take());
        assertEquals(start + 1, ring.takePosition());
        publish(4); // published after the batch's read: beyond its end until the tail is read again
        assertEquals(2, ring.take());
        ring.untake(2);
        assertEquals(start + 1, ring.takePosition(), "an untake steps the position back");
        assertEquals(2, ring.take());
        assertEquals(3, ring.take());
        assertEquals(end, ring.takePosition(), "the batch's items are taken");
        assertEquals(4, ring.take(), "a take past the end reads the tail itself");
        assertEquals(end + 1, ring.batchEnd(8));
    }

    @Test
    void anUntakeCommittedWithNoNetTakeIsNotUndoneByALaterRollback() {
        publish(1);
        assertEquals(1, ring.take());
        ring.untake(7); // the work() put back another value: no net take, the head stays
        ring.publishTakes();
        assertEquals(7, ring.take());
        ring.rollbackTakes(); // a later work() fails: only its own take is undone

        assertEquals(7, ring.take(), "the committed untake's value, not the item it replaced");
    }

    @Test
    void refreshPutLimitLetsPutsUseTheRoomFreedWithoutReadingTheHeadAgain() {
        publish(1, 2, 3, 4);
        ring.take();
        ring.take();
        ring.publishTakes();
        ring.refreshPutLimit();
        assertTrue(ring.hasRoomFor(2));
        assertTrue(ring.put(5));
        assertTrue(ring.put(6));
        assertFalse(ring.put(7), "the limit is the head read plus the capacity, never beyond");
        ring.publishPuts();
        assertEquals(1, ring.dropped());
    }

    @Test
    void refreshPutLimitLeavesALosslessRingsSpilledPutsAheadOfNewOnes() {
        LongRing lossless = new LongRing(2, "lossless");
        lossless.lossless(8);
        lossless.put(1);
        lossless.put(2);
        lossless.put(3); // spilled
        lossless.publishPuts();
        lossless.take();
        lossless.publishTakes();
        lossless.refreshPutLimit(); // must not unpin the limit while 3 waits in the spill
        lossless.put(4);
        lossless.publishPuts();
        assertEquals(2, lossless.sizeForBatch());
        assertEquals(2, lossless.take());
        assertEquals(3, lossless.take());
        lossless.publishTakes();
        lossless.drainSpill();
        assertEquals(4, lossless.sizeForBatch() == 1 ? lossless.take() : -1);
    }

    private void publish(long... values) {
        for (long v : values) {
            ring.put(v);
        }
        ring.publishPuts();
    }
}
