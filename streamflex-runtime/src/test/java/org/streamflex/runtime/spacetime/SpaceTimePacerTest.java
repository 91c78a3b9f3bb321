package org.streamflex.runtime.spacetime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Pacing a source thread's virtual time to real time: what the pacer waits for, when it calls the
 * handler and what each recovery does to the virtual time, all against a fake time source, so
 * nothing here depends on the machine's speed.
 */
class SpaceTimePacerTest {
    private static final long MS = 1_000_000;
    private static final long ORIGIN = 5_000 * MS;
    private final SpaceTime space = SpaceTime.create(64);
    private final SpaceTimeChannel frames = space.createChannel("frames");
    private final SpaceTimeThread digitizer = space.join("digitizer", 0);
    private final OutputConnection out = digitizer.attachOutput(frames);
    private final FakePacerTime time = new FakePacerTime(ORIGIN, digitizer::virtualTime);
    private final List<LateTick> lateTicks = new ArrayList<>();

    @AfterEach
    void close() {
        space.close();
    }

    /** A pacer of 10 ms per tick, 2 ms of tolerance, whose handler records each late tick and answers {@code r}. */
    private SpaceTimePacer pacer(PacerRecovery r) {
        return SpaceTimePacer.start(digitizer, 10, 2, TimeUnit.MILLISECONDS, late -> {
            lateTicks.add(late);
            return r;
        }, time);
    }

    @Test
    void anEarlyTickWaitsForItsStartWithTheVirtualTimeAlreadySet() throws Exception {
        SpaceTimePacer pacer = SpaceTimePacer.start(digitizer, 10, 2, TimeUnit.MILLISECONDS,
                late -> fail("no tick is late: " + late), time);
        assertEquals(0, pacer.tick());
        out.put(pacer.tick(), new byte[1]);
        time.advanceBy(3 * MS); // the work of frame 0
        assertEquals(1, pacer.advance());
        out.put(1, new byte[1]);
        time.advanceBy(9 * MS); // frame 1 took 9 of its 10 ms
        assertEquals(2, pacer.advance());
        assertEquals(List.of(ORIGIN + 10 * MS, ORIGIN + 20 * MS), time.waits, "each tick's start");
        assertEquals(List.of(1L, 2L), time.probedAtWaits, "set before the wait: the collector need not wait");
        assertEquals(2, digitizer.virtualTime());
        assertEquals(0, pacer.lateTicks());
        assertEquals(0, pacer.skippedTicks());
    }

    @Test
    void aTickLateByTheToleranceGoesOnAtOnceAndOneNanosecondMoreCallsTheHandler() throws Exception {
        SpaceTimePacer pacer = pacer(PacerRecovery.CATCH_UP);
        time.advanceBy(12 * MS); // tick 1 started at 10 ms: 2 ms late, the tolerance
        assertEquals(1, pacer.advance());
        assertEquals(List.of(), time.waits);
        assertEquals(List.of(), lateTicks);
        time.advanceBy(10 * MS + 1); // tick 2 started at 20 ms: now 22 ms + 1 ns
        assertEquals(2, pacer.advance());
        assertEquals(List.of(new LateTick("digitizer", 2, 2 * MS + 1, 2 * MS, 1)), lateTicks);
        assertEquals(1, pacer.lateTicks());
    }

    @Test
    void skipJumpsToTheFirstTickNotYetStartedAndTheSkippedTimestampsCanNeverBePut() throws Exception {
        SpaceTimePacer pacer = pacer(PacerRecovery.SKIP);
        out.put(0, new byte[1]);
        time.advanceBy(35 * MS); // frame 0 overran: ticks 1, 2 and 3 have started, 4 starts at 40 ms
        assertEquals(4, pacer.advance());
        assertEquals(List.of(new LateTick("digitizer", 1, 25 * MS, 2 * MS, 3)), lateTicks);
        assertEquals(List.of(ORIGIN + 40 * MS), time.waits, "then waits for tick 4's start, as a clock does");
        assertEquals(4, digitizer.virtualTime());
        assertEquals(3, pacer.skippedTicks());
        assertEquals(1, pacer.lateTicks());
        assertEquals(4, space.horizon(), "no one reads frames: everything below 4 is collected");
        VirtualTimeException e = assertThrows(VirtualTimeException.class, () -> out.put(2, new byte[1]));
        assertTrue(e.getMessage().contains("digitizer"), e.getMessage());
        out.put(4, new byte[1]);
        assertEquals(5, pacer.advance()); // back on schedule
        assertEquals(List.of(ORIGIN + 40 * MS, ORIGIN + 50 * MS), time.waits);
    }

    @Test
    void catchUpKeepsEveryTickAndRunsThemWithoutWaitingUntilOnScheduleAgain() throws Exception {
        SpaceTimePacer pacer = pacer(PacerRecovery.CATCH_UP);
        time.advanceBy(35 * MS);
        assertEquals(1, pacer.advance()); // 25 ms late
        assertEquals(2, pacer.advance()); // 15 ms late
        assertEquals(3, pacer.advance()); // 5 ms late
        assertEquals(List.of(), time.waits);
        assertEquals(4, pacer.advance()); // starts at 40 ms: early again
        assertEquals(List.of(ORIGIN + 40 * MS), time.waits);
        assertEquals(List.of(1L, 2L, 3L), lateTicks.stream().map(LateTick::tick).toList());
        assertEquals(3, pacer.lateTicks());
        assertEquals(0, pacer.skippedTicks());
    }

    @Test
    void aHandlerThatThrowsLeavesTheVirtualTimeWhereItWas() throws Exception {
        IllegalStateException stop = new IllegalStateException("camera lost");
        SpaceTimePacer pacer = SpaceTimePacer.start(digitizer, 10, 2, TimeUnit.MILLISECONDS, late -> {
            throw stop;
        }, time);
        time.advanceBy(20 * MS);
        assertSame(stop, assertThrows(IllegalStateException.class, pacer::advance));
        assertEquals(0, pacer.tick());
        assertEquals(0, digitizer.virtualTime());
        assertEquals(1, pacer.lateTicks());
    }

    @Test
    void aHandlerThatReturnsNullIsAnErrorNamingTheThreadAndTick() {
        SpaceTimePacer pacer = pacer(null);
        time.advanceBy(20 * MS);
        NullPointerException e = assertThrows(NullPointerException.class, pacer::advance);
        assertTrue(e.getMessage().contains("digitizer") && e.getMessage().contains("tick 1"), e.getMessage());
    }

    @Test
    void theTicksStartAtTheThreadsVirtualTime() throws Exception {
        digitizer.setVirtualTime(100);
        SpaceTimePacer pacer = pacer(PacerRecovery.SKIP);
        assertEquals(100, pacer.tick());
        time.advanceBy(31 * MS); // ticks 101, 102 and 103 have started
        assertEquals(104, pacer.advance());
        assertEquals(List.of(ORIGIN + 40 * MS), time.waits);
    }

    @Test
    void onAClockTheVirtualTimeFollowsTheReleasesBoundariesAndSkipsWhatTheClockSkipped() throws Exception {
        SpaceTimePacer pacer = pacer(PacerRecovery.SKIP);
        SpaceTimeThread tracker = space.join("tracker", 0);
        InputConnection in = tracker.attachInput(frames);
        tracker.setVirtualTime(SpaceTime.INFINITY);
        long periodMicros = 80;
        for (long releaseMicros : new long[] {0, 80, 320}) { // the clock skipped the boundaries at 160 and 240
            long frame = releaseMicros / periodMicros;
            out.put(frame, new byte[] {(byte) frame});
            assertEquals(frame + 1, pacer.advancePast(frame));
            assertEquals(frame + 1, digitizer.virtualTime());
        }
        assertEquals(2, pacer.skippedTicks());
        assertEquals(List.of(), time.waits, "the clock waits, not the pacer");
        IllegalArgumentException again = assertThrows(IllegalArgumentException.class, () -> pacer.advancePast(3));
        assertTrue(again.getMessage().contains("already 5"), again.getMessage());
        try (ItemView newest = in.get(Wildcard.NEWEST)) {
            assertEquals(4, newest.timestamp());
            in.consumeUntil(newest.timestamp());
        }
        assertEquals(5, space.horizon(), "the frames are collected as the virtual time passes them");
    }

    @Test
    void theArgumentsAreChecked() {
        assertThrows(IllegalArgumentException.class,
                () -> SpaceTimePacer.start(digitizer, 0, 0, TimeUnit.MILLISECONDS, LateTickHandler.SKIP, time));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SpaceTimePacer.start(digitizer, 10, -1, TimeUnit.MILLISECONDS, LateTickHandler.SKIP, time));
        assertTrue(e.getMessage().contains("digitizer") && e.getMessage().contains("tolerance -1"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> pacer(PacerRecovery.SKIP).advancePast(SpaceTime.INFINITY));
        digitizer.setVirtualTime(SpaceTime.INFINITY);
        IllegalArgumentException infinity =
                assertThrows(IllegalArgumentException.class, () -> pacer(PacerRecovery.SKIP));
        assertTrue(infinity.getMessage().contains("INFINITY"), infinity.getMessage());
    }

    /**
     * Real time, no assertion on it: whatever the machine's speed, every tick is either produced
     * once, in order, or counted as skipped.
     */
    @Test
    void onRealTimeEveryTickIsProducedOnceInOrderOrCountedSkipped() throws Exception {
        SpaceTimePacer pacer = SpaceTimePacer.start(digitizer, 200, 0, TimeUnit.MICROSECONDS, LateTickHandler.SKIP,
                PacerTime.SYSTEM);
        List<Long> produced = new ArrayList<>();
        for (long frame = pacer.tick(); frame < 50; frame = pacer.advance()) {
            out.put(frame, new byte[] {(byte) frame});
            produced.add(frame);
        }
        for (int i = 1; i < produced.size(); i++) {
            assertTrue(produced.get(i) > produced.get(i - 1), produced.toString());
        }
        assertEquals(pacer.tick(), produced.size() + pacer.skippedTicks(), produced.toString());
        assertEquals(pacer.lateTicks() > 0, pacer.skippedTicks() > 0, "SKIP skips at every late tick");
    }

    @Test
    void theSystemTimeReturnsForAPastDeadlineAndAnInterruptStopsAWait() throws Exception {
        PacerTime.SYSTEM.sleepUntil(PacerTime.SYSTEM.nanoTime() - 1);
        Thread.currentThread().interrupt();
        assertThrows(InterruptedException.class,
                () -> PacerTime.SYSTEM.sleepUntil(PacerTime.SYSTEM.nanoTime() + TimeUnit.HOURS.toNanos(1)));
        assertFalse(Thread.currentThread().isInterrupted(), "the interrupt was consumed by the exception");
    }
}
