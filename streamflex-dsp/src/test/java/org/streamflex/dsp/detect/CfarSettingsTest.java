package org.streamflex.dsp.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** {@link CfarSettings}: the parameters both CFAR filters hold, checked once, and the state they build. */
class CfarSettingsTest {
    @Test
    void theDefaultsAreTheDetectorsDocumentedOnes() {
        assertEquals(new CfarSettings(5.0, 1024, 1024, 8, 1e-3, 50_000_000L, 50_000_000L, 64), CfarSettings.DEFAULTS);
    }

    @Test
    void eachWithReplacesOnlyItsOwnValues() {
        CfarSettings s = CfarSettings.DEFAULTS.withDetector(3, 256, 128, 4, 0)
                .withPadding("test", 1, 2).withRelease("test", 0);
        assertEquals(new CfarSettings(3, 256, 128, 4, 0, 1, 2, 0), s);
        assertEquals(new CfarSettings(3, 256, 128, 4, 0, 7, 8, 0), s.withPadding("test", 7, 8));
    }

    @Test
    void valuesOutOfRangeAreRefusedNamingTheCallerAndTheValue() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CfarSettings.DEFAULTS.withPadding("BandCfar", -1, 0));
        assertEquals("BandCfar: paddings must be at least 0 ns, were -1 and 0", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> CfarSettings.DEFAULTS.withRelease("CfarDetector", -2));
        assertEquals("CfarDetector: releaseEvery must be at least 0, was -2", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> CfarSettings.DEFAULTS.withDetector(0, 1, 1, 1, 0));
        assertEquals("beta must be positive and finite, was 0.0", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new CfarSettings(5, 1, 1, 1, 0, 0, -3, 0));
        assertEquals("CfarSettings: paddings must be at least 0 ns, were 0 and -3", e.getMessage());
    }

    /** Each call starts afresh: a filter configured twice does not carry the first estimate over. */
    @Test
    void rangesBuildsAFreshStateWithThePaddingsGiven() {
        CfarSettings s = CfarSettings.DEFAULTS.withDetector(5, 4, 4, 1, 0).withPadding("test", 10, 20)
                .withRelease("test", 0);
        CfarRanges first = s.ranges();
        assertNotSame(first, s.ranges());
        long t = 0;
        for (int i = 0; i < 4; i++, t += 100) {
            assertEquals(0, first.feed(1.0, t, t + 100), "warm-up");
        }
        assertEquals(0, first.feed(1_000.0, t, t + 100), "an event starts");
        assertEquals(CfarRanges.DETECTION, first.feed(1.0, t + 100, t + 200), "and ends after one quiet score");
        assertEquals(t - 10, first.detectionStart());
        assertEquals(t + 100 + 20, first.detectionEnd());
        assertEquals(0, s.ranges().detections());
    }
}
