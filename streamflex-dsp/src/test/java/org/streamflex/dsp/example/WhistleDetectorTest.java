package org.streamflex.dsp.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.streamflex.dsp.rewrite.Rewrite;
import org.streamflex.runtime.GraphDriver;

/** The README's example finds every whistle, cuts its audio out of the stream, and cancels the fft/ifft pair. */
class WhistleDetectorTest {
    /** 8 s of audio: whistles at 1, 3, 5 and 7 s. */
    private static final int RELEASES = 8 * 8_000 / WhistleSource.SEGMENT;

    @Test
    void everyWhistleIsFoundAndItsAudioCutOut() {
        WhistleDetector graph = new WhistleDetector();
        GraphDriver.of(graph).run(RELEASES);
        WhistleLog log = graph.log();
        assertEquals(4, log.count(), "one detection per whistle");
        for (int k = 0; k < 4; k++) {
            long onset = 8_000 + 16_000L * k;           // sample number of the whistle's start
            long paddedStart = onset - 160;             // 20 ms of padding at 8 kHz
            assertTrue(Math.abs(log.start(k) - paddedStart) <= 64, "whistle " + k + " starts at " + log.start(k));
            // 2,000 samples of whistle, one 64-sample frame of slack each side, 320 of padding
            assertTrue(Math.abs(log.length(k) - 2_320) <= 128, "whistle " + k + " lasts " + log.length(k));
        }
    }

    @Test
    void theBandpassInverseAndTheScoringFftCancelAndTheScoreIsFusedWithItsWindowsAndTheDetector() {
        WhistleDetector graph = new WhistleDetector();
        assertEquals(List.of("fft(n, ifft(S)) = S",
                "score(mask(lo, hi)(fft(n)(rewindow(n, v)(s)))) = bandScore(n, v, lo, hi)(s)",
                "cfar(bandScore(n, v, lo, hi)(s)) = bandCfar(n, v, lo, hi)(s)"),
                graph.rewrites().stream().map(Rewrite::law).toList());
        assertTrue(graph.expressions().getFirst().contains("bandCfar(64, 0, 800.0, 1200.0; 6.0)(source out)"),
                graph.expressions().toString());
    }
}
