package org.streamflex.bench.xstream;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.streamflex.bench.xstream.XStreamWorkloads.DetectAudio;
import org.streamflex.dsp.Timebase;

/** DETECTAUDIO's definition as the library's operators are configured to it. */
class DetectAudioTest {
    @Test
    void thePaddingsInNanosecondsMoveAWindowByExactly1024SamplesOnTheSyncsSide() {
        Timebase mic = Mics.MIC1;
        for (long n = 0; n < 3_000_000; n += 32) {
            long start = mic.timeNanos(n + DetectAudio.PAD_SAMPLES);
            assertEquals(n, mic.firstSampleAtOrAfter(start - DetectAudio.PAD_BEFORE_NANOS), "before window " + n);
            assertEquals(n + DetectAudio.PAD_SAMPLES, mic.firstSampleAtOrAfter(mic.timeNanos(n)
                    + DetectAudio.PAD_AFTER_NANOS), "after window end " + n);
        }
    }

    @Test
    void theWeightsAreOneForBinsOneToThree() {
        float[] w = DetectAudio.weights();
        assertEquals(17, w.length);
        for (int k = 0; k < w.length; k++) {
            assertEquals(k >= 1 && k <= 3 ? 1f : 0f, w[k], "bin " + k);
        }
        assertEquals(256, DetectAudio.timeConstant());
    }

    @Test
    void oneReplayHasFiveDetectionsOnePerSpokenNumber() {
        XStreamInput input = XStreamInput.load(XStreamWorkloads.DEFAULT_BATCH);
        assertEquals(5, PlainVersions.detectAudio(input.detectAudio().arrays(), 1).count());
    }
}
