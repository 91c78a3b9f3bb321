package org.streamflex.runtime.channel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.streamflex.Capsule;
import org.streamflex.Shared;
import org.streamflex.UseAfterReleaseError;
import org.streamflex.fixtures.Soak;
import org.streamflex.runtime.capsule.CapsulePools;
import org.streamflex.runtime.channel.ChannelContractTest.Sample;
import org.streamflex.runtime.channel.ChannelContractTest.Transaction;

/**
 * Lossless rings ({@link SpscRing#lossless(int)}): puts that find the ring full wait in the
 * producer's spill, in put order, under the producer's transactions, until a publication or a
 * drain moves them into the ring. {@link ChannelContractTest} runs order, rollback and transfer
 * over every channel kind; this class covers the ring's own rules.
 */
class LosslessRingTest {
    private final LongRing ring = lossless(new LongRing(4, "A.out -> B.in"), 64);

    @Test
    void putsReachTheConsumerInPutOrderAcrossRingSpillAndRingWithInterleavedTakes() {
        putAll(ring, 0, 10);
        ring.publishPuts();
        assertEquals(4, ring.size());
        assertEquals(6, ring.spilled());
        assertEquals(List.of(0L, 1L), take(ring, 2));
        ring.publishTakes();
        // The ring has room for two again, but 10 and 11 must follow the six spilled before them.
        putAll(ring, 10, 12);
        ring.publishPuts();
        assertEquals(List.of(2L, 3L, 4L, 5L), take(ring, 4), "the publication moved 4 and 5 in, not 10 and 11");
        ring.publishTakes();
        List<Long> rest = new ArrayList<>();
        while (ring.drainSpill() || ring.size() > 0) {
            rest.addAll(take(ring, ring.size()));
            ring.publishTakes();
        }
        assertEquals(List.of(6L, 7L, 8L, 9L, 10L, 11L), rest);
        assertEquals(12, ring.published());
        assertEquals(0, ring.dropped());
    }

    @Test
    void putsGoToTheRingAgainOnceTheSpillIsEmpty() {
        putAll(ring, 0, 5);
        ring.publishPuts();
        take(ring, 4);
        ring.publishTakes();
        assertFalse(ring.drainSpill());
        assertEquals(0, ring.spilled());
        putAll(ring, 5, 8);
        assertEquals(1, ring.size(), "puts of the current work() are not visible yet");
        ring.publishPuts();
        assertEquals(0, ring.spilled(), "they went to the ring: nothing spilled");
        assertEquals(List.of(4L, 5L, 6L, 7L), take(ring, 4));
    }

    @Test
    void rollbackForgetsSpilledPutsButKeepsCommittedOnes() {
        putAll(ring, 0, 6);
        assertEquals(6, ring.pendingPuts(), "spilled puts are pending puts too");
        ring.rollbackPuts();
        assertEquals(0, ring.pendingPuts());
        assertEquals(0, ring.spilled());
        putAll(ring, 0, 6);
        ring.publishPuts();
        putAll(ring, 100, 103);
        ring.rollbackPuts();
        assertEquals(2, ring.spilled());
        putAll(ring, 6, 7);
        ring.publishPuts();
        List<Long> got = new ArrayList<>();
        while (ring.drainSpill() || ring.size() > 0) {
            got.addAll(take(ring, ring.size()));
            ring.publishTakes();
        }
        assertEquals(List.of(0L, 1L, 2L, 3L, 4L, 5L, 6L), got);
    }

    @Test
    void publishMovesSpilledItemsIntoTheRoomTheConsumerFreed() {
        putAll(ring, 0, 7);
        ring.publishPuts();
        take(ring, 2);
        assertEquals(3, ring.spilled());
        ring.publishPuts();
        assertEquals(3, ring.spilled(), "the consumer's takes are not published: no room yet");
        ring.publishTakes();
        ring.publishPuts();
        assertEquals(1, ring.spilled());
        assertEquals(4, ring.size());
        assertEquals(6, ring.published());
    }

    @Test
    void drainSpillDeliversEverythingWhenTheProducerStopsPutting() {
        putAll(ring, 0, 10);
        ring.publishPuts();
        assertTrue(ring.drainSpill(), "the ring is still full");
        List<Long> got = new ArrayList<>();
        boolean more = true;
        while (more) {
            got.addAll(take(ring, ring.size()));
            ring.publishTakes();
            more = ring.drainSpill();
        }
        got.addAll(take(ring, ring.size()));
        assertEquals(List.of(0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L), got);
        assertEquals(0, ring.spilled());
    }

    @Test
    void drainSpillInTheMiddleOfAWorkKeepsItsSpilledPutsPendingAndInOrder() {
        putAll(ring, 0, 6);
        ring.publishPuts();
        take(ring, 4);
        ring.publishTakes();
        putAll(ring, 6, 8);
        assertFalse(ring.drainSpill(), "4 and 5 moved in; 6 and 7 are the current work()'s");
        assertEquals(2, ring.size());
        assertEquals(2, ring.pendingPuts());
        ring.rollbackPuts();
        assertEquals(List.of(4L, 5L), take(ring, 2));
        assertEquals(0, ring.size());
    }

    @Test
    void putsBeyondMaxSpillAreDroppedAndCounted() {
        LongRing small = lossless(new LongRing(2, "small"), 3);
        int accepted = 0;
        for (long v = 0; v < 10; v++) {
            accepted += small.put(v) ? 1 : 0;
        }
        assertEquals(5, accepted);
        assertEquals(10, small.pendingPuts());
        assertEquals(0, small.dropped(), "drops count when the work() commits");
        small.publishPuts();
        assertEquals(5, small.dropped());
        assertEquals(3, small.spilled());
        List<Long> got = new ArrayList<>();
        while (small.drainSpill() || small.size() > 0) {
            got.addAll(take(small, small.size()));
            small.publishTakes();
        }
        assertEquals(List.of(0L, 1L, 2L, 3L, 4L), got);
    }

    @Test
    void freeAndHasRoomForCountTheSpillsAllowance() {
        LongRing roomy = lossless(new LongRing(4, "room"), 8);
        assertEquals(12, roomy.free());
        assertTrue(roomy.hasRoomFor(12));
        assertFalse(roomy.hasRoomFor(13));
        putAll(roomy, 0, 6);
        assertEquals(6, roomy.free());
        roomy.publishPuts();
        take(roomy, 3);
        roomy.publishTakes();
        // Two spilled: the roomy's three free slots count only once free() has moved them in.
        assertEquals(9, roomy.free());
        assertEquals(0, roomy.spilled());
        assertEquals(3, roomy.size(), "free() published what it moved");
        int room = roomy.free();
        for (long v = 0; v < room; v++) {
            assertTrue(roomy.put(v));
        }
        assertFalse(roomy.put(room));
        assertEquals(0, roomy.free());
    }

    @Test
    void freeDoesNotCountTheRingsRoomWhileTheWorksOwnPutsAreSpilled() {
        LongRing roomy = lossless(new LongRing(4, "room"), 8);
        putAll(roomy, 0, 6);
        roomy.publishPuts();
        take(roomy, 4);
        roomy.publishTakes();
        putAll(roomy, 6, 8);
        // 4 and 5 move in; 6 and 7 stay spilled, so every further put of this work() spills too.
        assertEquals(6, roomy.free());
        for (long v = 8; v < 14; v++) {
            assertTrue(roomy.put(v));
        }
        assertFalse(roomy.put(14));
    }

    @Test
    void transferAndCopyIntoALosslessTargetSpillTheRestInOrder() {
        LongRing source = new LongRing(8, "source");
        LongRing target = lossless(new LongRing(3, "target"), 16);
        putAll(source, 0, 7);
        source.publishPuts();
        source.copyTo(target, 5);
        target.publishPuts();
        assertEquals(2, target.spilled());
        assertEquals(7, source.transferTo(target), "every value was taken");
        assertEquals(7, target.pendingPuts());
        target.publishPuts();
        assertEquals(9, target.spilled());
        assertEquals(0, target.dropped());
        List<Long> got = new ArrayList<>();
        while (target.drainSpill() || target.size() > 0) {
            got.addAll(take(target, target.size()));
            target.publishTakes();
        }
        assertEquals(List.of(0L, 1L, 2L, 3L, 4L, 0L, 1L, 2L, 3L, 4L, 5L, 6L), got);
    }

    @Test
    void aTransferIntoALosslessTargetIsUndoneWithItsWork() {
        LongRing source = new LongRing(8, "source");
        LongRing target = lossless(new LongRing(2, "target"), 16);
        putAll(source, 0, 6);
        source.publishPuts();
        source.transferTo(target);
        target.rollbackPuts();
        source.rollbackTakes();
        target.publishPuts();
        assertEquals(0, target.size());
        assertEquals(0, target.spilled());
        assertEquals(6, source.size());
    }

    @Test
    void aTransferBeyondMaxSpillCountsTheRestAsDropped() {
        LongRing source = new LongRing(8, "source");
        LongRing target = lossless(new LongRing(2, "target"), 3);
        putAll(source, 0, 8);
        source.publishPuts();
        source.transferTo(target);
        target.publishPuts();
        assertEquals(3, target.dropped());
        assertEquals(3, target.spilled());
    }

    @Test
    void theSpillGrowsAndWrapsWithoutLosingOrder() {
        for (boolean confined : new boolean[] {false, true}) {
            LongRing modelled = lossless(new LongRing(3, "model"), 4096);
            if (confined) {
                modelled.confine();
            }
            SplittableRandom random = new SplittableRandom(42);
            ArrayDeque<Long> model = new ArrayDeque<>();
            long next = 0;
            for (int step = 0; step < 20_000; step++) {
                // Phases of 500 steps: the producer outruns the consumer (the spill grows and
                // wraps), then the consumer catches up (the spill empties, puts use the ring again).
                boolean filling = step / 500 % 2 == 0;
                int puts = random.nextInt(filling ? 8 : 2);
                for (int i = 0; i < puts; i++) {
                    assertTrue(modelled.put(next + i), "spilled " + modelled.spilled());
                }
                if (random.nextInt(5) == 0) {
                    modelled.rollbackPuts();
                } else {
                    modelled.publishPuts();
                    for (int i = 0; i < puts; i++) {
                        model.add(next + i);
                    }
                    next += puts;
                }
                if (!filling || random.nextInt(3) == 0) {
                    modelled.drainSpill();
                }
                int takes = filling ? random.nextInt(modelled.size() + 1) : modelled.size();
                List<Long> taken = take(modelled, takes);
                if (random.nextInt(5) == 0) {
                    modelled.rollbackTakes();
                } else {
                    modelled.publishTakes();
                    for (long v : taken) {
                        assertEquals(model.poll(), v, "confined " + confined + ", step " + step);
                    }
                }
                assertEquals(model.size(), modelled.size() + modelled.spilled(), "confined " + confined);
            }
            assertEquals(0, modelled.dropped());
        }
    }

    @Test
    void aProducerAndAConsumerThreadGetExactlyTheCommittedSequence() throws Exception {
        LongRing shared = lossless(new LongRing(8, "stress"), 4096);
        long seed = System.nanoTime();
        Soak soak = Soak.start();
        AtomicLong committed = new AtomicLong(-1);
        AtomicReference<String> error = new AtomicReference<>();
        Thread producer = new Thread(() -> {
            try {
                produce(shared, soak, seed, error, committed);
            } catch (Throwable e) {
                error.compareAndSet(null, "producer failed: " + e);
                committed.set(Long.MAX_VALUE);
            }
        });
        producer.start();
        SplittableRandom random = new SplittableRandom(~seed);
        long expected = 0;
        while (error.get() == null) {
            long end = committed.get(); // read before size(): once set, every item is in the ring
            int available = shared.size();
            if (available == 0) {
                if (end >= 0) {
                    break;
                }
                Thread.onSpinWait();
                continue;
            }
            int n = 1 + random.nextInt(available);
            for (int i = 0; i < n; i++) {
                long v = shared.take();
                if (v != expected + i) {
                    error.compareAndSet(null, "took " + v + " where " + (expected + i) + " was due");
                }
            }
            if (random.nextInt(6) == 0) {
                shared.rollbackTakes();
            } else {
                shared.publishTakes();
                expected += n;
            }
        }
        producer.join();
        assertNull(error.get(), "seed " + seed);
        assertEquals(committed.get(), expected, "seed " + seed + ": every committed put taken once");
        assertEquals(committed.get(), shared.published());
        assertEquals(0, shared.dropped());
        assertEquals(0, shared.spilled());
    }

    @Test
    void maxSpillMustBePositive() {
        LongRing fresh = new LongRing(4, "A.out -> B.in");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> fresh.lossless(0));
        assertEquals("maxSpill of channel A.out -> B.in must be between 1 and " + SpscRing.MAX_SPILL + " items: 0",
                e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> fresh.lossless(SpscRing.MAX_SPILL + 1));
        assertFalse(fresh.lossless());
        fresh.lossless(1);
        assertTrue(fresh.lossless());
        assertEquals(4, fresh.capacity());
    }

    @Test
    void aCapsulePutTwiceIsPublishedOnceAndThenAsACopyWhenTheSecondIsSpilled() {
        CapsuleRing capsules = new CapsuleRing(1, "capsules", Sample.class);
        Transaction producer = new Transaction();
        capsules.bind(producer, new Transaction());
        capsules.lossless(4);
        Sample sample = new CapsulePools().pool(Sample.class).take();
        sample.value = 7;
        assertTrue(capsules.put(sample));
        assertTrue(capsules.put(sample));
        capsules.stagePuts();
        capsules.publishPuts();
        assertSame(sample, capsules.take());
        capsules.publishTakes();
        assertFalse(capsules.drainSpill());
        Capsule second = capsules.take();
        assertNotSame(sample, second);
        assertEquals(7, ((Sample) second).value);
    }

    @Test
    void capsulesKeepPutOrderAndForgetRolledBackSpilledPuts() {
        CapsuleRing capsules = new CapsuleRing(2, "capsules", Sample.class);
        Transaction producer = new Transaction();
        capsules.bind(producer, new Transaction());
        capsules.lossless(8);
        CapsulePools pools = new CapsulePools();
        List<Sample> samples = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            Sample sample = pools.pool(Sample.class).take();
            sample.value = i;
            samples.add(sample);
        }
        for (int i = 0; i < 5; i++) {
            capsules.put(samples.get(i));
        }
        capsules.stagePuts();
        capsules.publishPuts();
        producer.next();
        capsules.put(samples.get(7));
        capsules.rollbackPuts();
        producer.next();
        capsules.put(samples.get(5));
        capsules.stagePuts();
        capsules.publishPuts();
        List<Capsule> got = new ArrayList<>();
        while (capsules.drainSpill() || capsules.size() > 0) {
            while (capsules.size() > 0) {
                got.add(capsules.take());
            }
            capsules.publishTakes();
        }
        assertEquals(samples.subList(0, 6), got);
    }

    @Test
    void sharedValuesKeepOneReferenceThroughTheSpillAndGiveItBackOnRollback() {
        SharedRing values = new SharedRing(2, "values", Token.class);
        values.lossless(8);
        List<Token> tokens = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            tokens.add(new Token(i));
        }
        for (Token t : tokens.subList(0, 4)) {
            assertTrue(values.put(t));
        }
        values.rollbackPuts();
        for (Token t : tokens) {
            assertEquals(1, t.references(), "a rolled-back put, spilled or not, gives its reference back");
        }
        for (Token t : tokens) {
            values.put(t);
        }
        values.publishPuts();
        assertEquals(3, values.spilled());
        for (Token t : tokens) {
            assertEquals(2, t.references(), "the channel holds one reference to " + t.id);
        }
        List<Token> got = new ArrayList<>();
        while (values.drainSpill() || values.size() > 0) {
            while (values.size() > 0) {
                got.add((Token) values.take());
            }
            values.publishTakes();
        }
        assertEquals(tokens, got);
        for (Token t : tokens) {
            assertEquals(1, t.references(), "taken and released once: only the maker's reference left");
        }
    }

    @Test
    void aSharedPutDroppedBeyondTheSpillGivesBackItsReference() {
        SharedRing values = new SharedRing(1, "values", Token.class);
        values.lossless(1);
        Token inRing = new Token(0);
        Token spilled = new Token(1);
        Token dropped = new Token(2);
        assertTrue(values.put(inRing));
        assertTrue(values.put(spilled));
        assertFalse(values.put(dropped));
        values.publishPuts();
        assertEquals(1, values.dropped());
        assertEquals(2, spilled.references());
        assertEquals(1, dropped.references());
    }

    @Test
    void aPutOfAFreedSharedValueLeavesNothingForTheRollbackToRelease() {
        SharedRing values = new SharedRing(2, "values", Token.class);
        Token freed = new Token(0);
        freed.release();
        assertThrows(UseAfterReleaseError.class, () -> values.put(freed));
        values.rollbackPuts();
        Token next = new Token(1);
        assertTrue(values.put(next));
        values.publishPuts();
        assertEquals(1, values.size());
        assertSame(next, values.take());
    }

    /** The producer of the two-thread test: random transactions, rollbacks and drains. */
    private static void produce(LongRing shared, Soak soak, long seed, AtomicReference<String> error,
            AtomicLong committed) {
        SplittableRandom random = new SplittableRandom(seed);
        long next = 0;
        for (long round = 0; soak.more(round, 20_000) && error.get() == null; round++) {
            while (shared.spilled() > 2048 && error.get() == null) {
                shared.drainSpill(); // a producer faster than its consumer waits, or the spill would fill
                Thread.onSpinWait();
            }
            int size = 1 + random.nextInt(32);
            if (!shared.hasRoomFor(size)) {
                error.compareAndSet(null, "no room for " + size + " with " + shared.spilled() + " spilled");
            }
            for (int i = 0; i < size; i++) {
                shared.put(next + i);
                if (random.nextInt(16) == 0) {
                    shared.drainSpill();
                }
            }
            if (random.nextInt(8) == 0) {
                shared.rollbackPuts();
            } else {
                shared.publishPuts();
                next += size;
            }
        }
        while (shared.drainSpill() && error.get() == null) {
            Thread.onSpinWait();
        }
        committed.set(next);
    }

    private static LongRing lossless(LongRing ring, int maxSpill) {
        ring.lossless(maxSpill);
        return ring;
    }

    private static void putAll(LongRing ring, long from, long to) {
        for (long v = from; v < to; v++) {
            assertTrue(ring.put(v), "put " + v);
        }
    }

    private static List<Long> take(LongRing ring, int count) {
        List<Long> taken = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            taken.add(ring.take());
        }
        return taken;
    }

    /** A shared value that only counts its references. */
    static final class Token extends Shared {
        final int id;

        Token(int id) {
            this.id = id;
            revive();
        }

        @Override
        protected void freed() {
            // nothing pooled: the references are what the tests look at
        }

        @Override
        public String toString() {
            return "token " + id;
        }
    }
}
