package org.streamflex.runtime.channel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.streamflex.ChannelUnderflowException;

class LongRingTest {
    private final LongRing ring = new LongRing(4, "A.out -> B.in");

    @Test
    void putsAreInvisibleUntilPublished() {
        ring.put(1);
        ring.put(2);
        assertEquals(0, ring.size());
        assertEquals(0, ring.published());
        ring.publishPuts();
        assertEquals(2, ring.size());
        assertEquals(2, ring.published());
        assertEquals(1, ring.take());
        assertEquals(2, ring.take());
    }

    @Test
    void rolledBackPutsAreNeverSeen() {
        ring.put(1);
        ring.rollbackPuts();
        ring.put(7);
        ring.publishPuts();
        assertEquals(1, ring.size());
        assertEquals(7, ring.take());
    }

    @Test
    void takesAreUndoneOnRollback() {
        publish(10, 11, 12);
        assertEquals(10, ring.take());
        assertEquals(11, ring.take());
        ring.rollbackTakes();
        assertEquals(3, ring.size());
        assertEquals(10, ring.take());
        assertTrue(ring.publishTakes());
        assertEquals(1, ring.consumed());
    }

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
    void overflowDropsTheItemAndCountsItAtPublication() {
        for (int i = 0; i < 4; i++) {
            assertTrue(ring.put(i));
        }
        assertFalse(ring.put(4));
        assertFalse(ring.put(5));
        assertEquals(0, ring.dropped(), "drops of a transaction count when it publishes");
        ring.publishPuts();
        assertEquals(2, ring.dropped());
        assertEquals(4, ring.published());
    }

    @Test
    void dropsOfARolledBackTransactionAreNotCounted() {
        for (int i = 0; i < 5; i++) {
            ring.put(i);
        }
        ring.rollbackPuts();
        ring.publishPuts();
        assertEquals(0, ring.dropped());
        assertEquals(0, ring.published());
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
    void untakeGivesAValueBackToTheFront() {
        publish(1, 2, 3);
        assertEquals(1, ring.take());
        assertEquals(2, ring.take());
        ring.untake(2);
        assertEquals(2, ring.size());
        assertEquals(2, ring.take());
        assertEquals(3, ring.take());
    }

    @Test
    void untakeOfAnotherValueIsUndoneOnRollback() {
        publish(1, 2);
        ring.take();
        ring.untake(99);
        assertEquals(99, ring.peek(0));
        ring.rollbackTakes();
        assertEquals(1, ring.take(), "rollback restores what untake overwrote");
        assertEquals(2, ring.take());
    }

    @Test
    void untakeOfAnotherValueStaysWhenPublished() {
        publish(1, 2);
        ring.take();
        ring.untake(99);
        ring.publishTakes();
        assertEquals(2, ring.size());
        assertEquals(99, ring.take());
    }

    @Test
    void untakeWithoutAMatchingTakeThrows() {
        publish(1);
        ChannelUnderflowException e = assertThrows(ChannelUnderflowException.class, () -> ring.untake(1));
        assertTrue(e.getMessage().contains("A.out -> B.in"), e.getMessage());
    }

    @Test
    void peekReadsWithoutTaking() {
        publish(5, 6, 7);
        ring.take();
        assertEquals(6, ring.peek(0));
        assertEquals(7, ring.peek(1));
        assertEquals(2, ring.size());
        assertThrows(ChannelUnderflowException.class, () -> ring.peek(2));
        assertThrows(ChannelUnderflowException.class, () -> ring.peek(-1));
    }

    @Test
    void takeOnAnEmptyChannelNamesTheChannel() {
        ChannelUnderflowException e = assertThrows(ChannelUnderflowException.class, ring::take);
        assertEquals("take() on empty channel A.out -> B.in: check size() first or write a trigger() that"
                + " waits for input", e.getMessage());
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
    void aProducerAndAConsumerThreadLoseNothingUncounted() throws Exception {
        LongRing shared = new LongRing(64, "stress");
        long total = 2_000_000;
        AtomicReference<String> error = new AtomicReference<>();
        Thread producer = new Thread(() -> {
            for (long v = 0; v < total; v++) {
                shared.put(v);
                if (v % 7 == 6) {
                    shared.publishPuts();
                }
            }
            shared.publishPuts();
        });
        producer.start();
        long expected = 0;
        long received = 0;
        while (producer.isAlive() || shared.size() > 0) {
            while (shared.size() > 0) {
                long v = shared.take();
                if (v < expected) {
                    error.compareAndSet(null, "value " + v + " after " + (expected - 1));
                }
                expected = v + 1;
                received++;
            }
            shared.publishTakes();
        }
        producer.join();
        assertEquals(null, error.get());
        assertEquals(total, received + shared.dropped(), "every put is received or counted as dropped");
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
    void transferDropsAndCountsWhatDoesNotFit() {
        LongRing target = new LongRing(2, "small");
        publish(1, 2, 3, 4);
        assertEquals(4, ring.transferTo(target));
        assertEquals(0, ring.size(), "every value was taken");
        target.publishPuts();
        assertEquals(2, target.dropped());
        assertEquals(1, target.take());
        assertEquals(2, target.take());
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

    private void publish(long... values) {
        for (long v : values) {
            ring.put(v);
        }
        ring.publishPuts();
    }
}
