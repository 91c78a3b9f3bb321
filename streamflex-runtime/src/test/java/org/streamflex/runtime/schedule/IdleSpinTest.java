package org.streamflex.runtime.schedule;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class IdleSpinTest {
    /** A clock the test moves by hand. */
    private long now = 5_000;

    @Test
    void spinsForItsSpanOfTimeHoweverManyTimesItIsAsked() {
        IdleSpin idle = new IdleSpin(1_000, () -> now);
        for (int i = 0; i < 100_000; i++) {
            assertTrue(idle.spinning(), "call " + i + " with no time passed");
        }
        now += 999;
        assertTrue(idle.spinning());
        now += 1;
        assertFalse(idle.spinning());
    }

    @Test
    void staysExpiredUntilResetEvenIfTheClockWouldAllowIt() {
        IdleSpin idle = new IdleSpin(1_000, () -> now);
        idle.spinning();
        now += 1_000;
        assertFalse(idle.spinning());
        now -= 1_000; // a clock that steps back must not restart a span that ended
        assertFalse(idle.spinning());
    }

    @Test
    void theSpanStartsAtTheFirstIdleCallAfterAReset() {
        IdleSpin idle = new IdleSpin(1_000, () -> now);
        idle.spinning();
        now += 1_500;
        assertFalse(idle.spinning());
        idle.reset();
        now += 10_000; // busy with a part: this time does not count against the next span
        assertTrue(idle.spinning());
        now += 999;
        assertTrue(idle.spinning());
        now += 1;
        assertFalse(idle.spinning());
    }

    @Test
    void aSpanOfZeroParksAtOnce() {
        assertFalse(new IdleSpin(0, () -> now).spinning());
    }

    @Test
    void refusesANegativeSpan() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new IdleSpin(-1, () -> now));
        assertTrue(e.getMessage().contains("-1 ns"), e.getMessage());
    }
}
