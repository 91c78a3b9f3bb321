package org.streamflex.dsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Sample numbers and nanoseconds convert both ways without drift, for whole and fractional rates. */
class TimebaseTest {
    @Test
    void theSampleAtTheTimeOfASampleIsThatSample() {
        SplittableRandom random = new SplittableRandom(3);
        for (double rate : new double[] {44_100, 48_000, 8_000, 1, 22_050.5, 1e9}) {
            Timebase tb = Timebase.of("t", rate, random.nextLong(-1_000_000, 1_000_000));
            for (int i = 0; i < 10_000; i++) {
                long span = (long) Math.min(1L << 40, rate * 1e8); // about three years either side
                long n = random.nextLong(-span, span);
                assertEquals(n, tb.sampleAt(tb.timeNanos(n)), () -> tb + " sample " + n);
                assertEquals(n, tb.firstSampleAtOrAfter(tb.timeNanos(n)));
                assertTrue(tb.timeNanos(n + 1) > tb.timeNanos(n));
            }
        }
    }

    @Test
    void wholeRatesAreExactFarFromTheOrigin() {
        Timebase tb = Timebase.of("mic", 48_000, 0);
        long year = 48_000L * 86_400 * 365;
        assertEquals(365L * 86_400 * 1_000_000_000L, tb.timeNanos(year));
        assertEquals(365L * 86_400 * 1_000_000_000L + 20_834, tb.timeNanos(year + 1), "ceil of 20833.33 ns");
        assertEquals(year, tb.sampleAt(365L * 86_400 * 1_000_000_000L + 20_833));
        assertEquals(year + 1, tb.firstSampleAtOrAfter(365L * 86_400 * 1_000_000_000L + 1));
    }

    @Test
    void aTimeRangeHoldsTheSamplesBetweenItsEnds() {
        Timebase tb = Timebase.of("mic", 44_100, 5);
        long from = tb.firstSampleAtOrAfter(1_000_000);
        long to = tb.firstSampleAtOrAfter(2_000_000);
        assertTrue(tb.timeNanos(from) >= 1_000_000 && tb.timeNanos(from - 1) < 1_000_000);
        assertTrue(tb.timeNanos(to - 1) < 2_000_000 && tb.timeNanos(to) >= 2_000_000);
        assertEquals(44, to - from);
    }

    @Test
    void timebasesAreEqualOnlyWithTheSameNameRateAndOrigin() {
        assertEquals(Timebase.of("a", 48_000, 0), Timebase.of("a", 48_000, 0));
        assertNotEquals(Timebase.of("a", 48_000, 0), Timebase.of("b", 48_000, 0));
        assertNotEquals(Timebase.of("a", 48_000, 0), Timebase.of("a", 48_000, 1));
        assertEquals("a@48000Hz", Timebase.of("a", 48_000, 0).toString());
        assertEquals("a@22050.5Hz+7ns", Timebase.of("a", 22_050.5, 7).toString());
    }

    @Test
    void aRateMustBePositiveAndFinite() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Timebase.of("x", 0, 0));
        assertEquals("timebase x: sample rate must be positive and finite, was 0.0", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Timebase.of("x", Double.NaN, 0));
        assertThrows(IllegalArgumentException.class, () -> Timebase.of("x", Double.POSITIVE_INFINITY, 0));
    }
}
