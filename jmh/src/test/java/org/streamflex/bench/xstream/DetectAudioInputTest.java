package org.streamflex.bench.xstream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.streamflex.bench.xstream.XStreamWorkloads.DetectAudio;

class DetectAudioInputTest {
    static final DetectAudioInput ARRAY = DetectAudioInput.from(CountingRecording.load());

    @Test
    void crossCorrelationWithChannelOneFindsEachChannelsDelay() {
        float[] first = ARRAY.channel(0);
        for (int c = 1; c < DetectAudio.CHANNELS; c++) {
            float[] other = ARRAY.channel(c);
            int best = Integer.MIN_VALUE;
            double bestCorrelation = Double.NEGATIVE_INFINITY;
            for (int lag = -40; lag <= 40; lag++) {
                double correlation = 0;
                for (int m = 64; m < first.length - 64; m++) {
                    correlation += (double) first[m] * other[m + lag];
                }
                if (correlation > bestCorrelation) {
                    bestCorrelation = correlation;
                    best = lag;
                }
            }
            assertEquals(DetectAudio.delay(c), best, "channel " + c);
        }
    }

    @Test
    void alignedChannelsDifferByTheirIndependentNoise() {
        float[] first = ARRAY.channel(0);
        for (int c = 1; c < DetectAudio.CHANNELS; c++) {
            float[] other = ARRAY.channel(c);
            int d = DetectAudio.delay(c);
            double squares = 0;
            int n = 0;
            for (int m = 0; m + d < first.length; m++) {
                double diff = other[m + d] - first[m];
                squares += diff * diff;
                n++;
            }
            double rms = Math.sqrt(squares / n);
            // Two independent noises of RMS 0.0005 differ by 0.0005 * sqrt(2), plus rounding to 16 bits.
            assertEquals(DetectAudioInput.NOISE_RMS * Math.sqrt(2), rms, 0.1 * DetectAudioInput.NOISE_RMS,
                    "channel " + c);
        }
    }

    @Test
    void fourChannelsOfNineSecondsAt48kHzOnTheSixteenBitGrid() {
        for (int c = 0; c < DetectAudio.CHANNELS; c++) {
            float[] x = ARRAY.channel(c);
            assertEquals(432_000, x.length);
            for (float v : x) {
                assertTrue(v >= -1 && v < 1 && v == Math.round(v * 32768) / 32768f, "sample " + v);
            }
        }
    }

    @Test
    void theSamplesAreTheOnesDetectAudioIsDefinedOnEveryTime() {
        // Hashes of the channels when DETECTAUDIO's parameters were chosen: the input is made by
        // StrictMath and a specified Random, so any JDK makes these, and a change to how it is made
        // shows here rather than as results that no longer compare.
        int[] expected = {-1_313_011_199, 1_337_561_089, 2_038_146_561, 1_938_117_121};
        DetectAudioInput again = DetectAudioInput.from(CountingRecording.load());
        for (int c = 0; c < DetectAudio.CHANNELS; c++) {
            assertEquals(expected[c], Arrays.hashCode(ARRAY.channel(c)), "channel " + c);
            assertArrayEquals(ARRAY.channel(c), again.channel(c), "channel " + c);
        }
    }
}
