package org.streamflex.dsp.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class CfarTest {
    /** Noise of mean 10 and deviation 2: a detector that confused the variance with the deviation would show. */
    private static final double NOISE_MEAN = 10;
    private static final double NOISE_STD = 2;

    private static float[] noise(int n, long seed) {
        Random random = new Random(seed);
        float[] scores = new float[n];
        for (int i = 0; i < n; i++) {
            scores[i] = (float) (NOISE_MEAN + NOISE_STD * random.nextGaussian());
        }
        return scores;
    }

    /** The events found, each as {start, end}, from feeding score by score. */
    private static List<long[]> events(Cfar cfar, float[] scores) {
        List<long[]> events = new ArrayList<>();
        for (float score : scores) {
            int what = cfar.feed(score);
            if (what == Cfar.START) {
                events.add(new long[] {cfar.lastStart(), -1});
            } else if (what == Cfar.END) {
                events.getLast()[1] = cfar.lastEnd();
            }
        }
        return events;
    }

    /** The upper tail of the standard normal distribution, Q(x) = erfc(x / sqrt 2) / 2, by numerical integration. */
    private static double upperTail(double x) {
        double sum = 0;
        double step = 1e-4;
        for (double t = x; t < x + 12; t += step) {
            double mid = t + step / 2;
            sum += Math.exp(-mid * mid / 2) * step;
        }
        return sum / Math.sqrt(2 * Math.PI);
    }

    @Test
    void everyInjectedBurstIsFoundFromItsFirstScoreToItsLast() {
        float[] scores = noise(200_000, 1);
        int[] starts = {5_000, 31_337, 80_000, 120_001, 199_000};
        int[] lengths = {50, 1, 400, 7, 300};
        for (int b = 0; b < starts.length; b++) {
            for (int i = starts[b]; i < starts[b] + lengths[b]; i++) {
                scores[i] += (float) (15 * NOISE_STD);
            }
        }
        Cfar cfar = new Cfar(5, 1000, 1000, 10, 1e-3);
        List<long[]> events = events(cfar, scores);
        for (int b = 0; b < starts.length; b++) {
            long first = starts[b];
            long last = starts[b] + lengths[b] - 1L;
            List<long[]> matching = events.stream().filter(e -> e[0] <= last + 1 && e[1] >= first - 1).toList();
            assertEquals(1, matching.size(), "burst " + b + " is one event");
            long[] event = matching.getFirst();
            assertTrue(Math.abs(event[0] - first) <= 1, "burst " + b + " starts at " + event[0]);
            assertTrue(Math.abs(event[1] - last) <= 1, "burst " + b + " ends at " + event[1]);
        }
        // Q(5) * 200,000 = 0.06 false alarms expected besides the bursts; this seed's noise has one at 5.4 sigma.
        assertTrue(events.size() - starts.length <= 1, events.size() + " events for " + starts.length + " bursts");
    }

    @Test
    void pureNoiseAtBetaFiveRaisesAlmostNoAlarmInAMillionScores() {
        // Q(5) = 2.9e-7: about 0.3 expected; more than 3 would be a Poisson tail of 4e-4.
        Cfar cfar = new Cfar(5, 1000, 1000, 1, 1e-3);
        int alarms = events(cfar, noise(1_000_000, 2)).size();
        assertTrue(alarms <= 3, alarms + " false alarms");
        assertEquals(NOISE_MEAN, cfar.mean(), 0.2);
        assertEquals(NOISE_STD, cfar.std(), 0.15);
    }

    @Test
    void atBetaThreeTheFalseAlarmRateIsTheGaussianTail() {
        // With hold = 1 every run of exceedances is one event: about n Q(3) (1 - Q(3)) = 1348 of them.
        // Freezing the estimate during events trims what it learns from the upper tail by about 1%,
        // which lowers the threshold a little; a wrong std (the variance, a missing square root, a
        // biased update) moves the count by a factor, not by percent.
        int n = 1_000_000;
        double q = upperTail(3);
        double expected = n * q * (1 - q);
        Cfar cfar = new Cfar(3, 1000, 1000, 1, 1e-3);
        int alarms = events(cfar, noise(n, 3)).size();
        assertTrue(alarms > 0.85 * expected && alarms < 1.3 * expected,
                alarms + " events, expected about " + Math.round(expected));
    }

    @Test
    void aLongEventDoesNotRaiseItsOwnThreshold() {
        float[] scores = noise(60_000, 4);
        for (int i = 10_000; i < 40_000; i++) {
            scores[i] += (float) (8 * NOISE_STD);   // 30 time constants long
        }
        Cfar cfar = new Cfar(5, 1000, 1000, 10, 1e-3);
        double thresholdBefore = 0;
        for (int i = 0; i < 10_000; i++) {
            cfar.feed(scores[i]);
            thresholdBefore = cfar.threshold();
        }
        assertEquals(Cfar.START, cfar.feed(scores[10_000]));
        for (int i = 10_001; i < 40_000; i++) {
            assertEquals(Cfar.NONE, cfar.feed(scores[i]), "score " + i);
        }
        assertEquals(thresholdBefore, cfar.threshold(), "frozen for the whole event");
        int lastAbove = 39_999;
        while (!(scores[lastAbove] > thresholdBefore)) {
            lastAbove--;
        }
        int ended = -1;
        for (int i = 40_000; i < 40_020 && ended < 0; i++) {
            if (cfar.feed(scores[i]) == Cfar.END) {
                ended = i;
            }
        }
        assertEquals(lastAbove + 10, ended, "reported on the 10th quiet score");
        assertEquals(lastAbove, cfar.lastEnd());
        assertEquals(10_000, cfar.lastStart());
    }

    @Test
    void anEventEndsAfterHoldConsecutiveQuietScoresAndOnlyThen() {
        Cfar cfar = new Cfar(3, 100, 100, 3, 0.5);
        for (int i = 0; i < 100; i++) {
            cfar.feed(i % 2 == 0 ? 9f : 11f);     // mean 10, std 1: threshold 13
        }
        assertEquals(13, cfar.threshold(), 1e-9);
        int[] expected = {Cfar.START, Cfar.NONE, Cfar.NONE, Cfar.NONE, Cfar.NONE, Cfar.NONE, Cfar.END};
        float[] pattern = {20, 10, 10, 20, 10, 10, 10};
        for (int i = 0; i < pattern.length; i++) {
            assertEquals(expected[i], cfar.feed(pattern[i]), "score " + (100 + i));
        }
        assertEquals(100, cfar.lastStart());
        assertEquals(103, cfar.lastEnd(), "the last score above the threshold; two quiet ones did not end it");
        assertEquals(13, cfar.threshold(), 1e-9, "nothing from the event was learned");
    }

    @Test
    void nothingIsFlaggedDuringTheWarmUp() {
        float[] scores = noise(3000, 5);
        scores[10] = 1000;
        scores[499] = 1000;
        Cfar cfar = new Cfar(5, 1000, 500, 10, 1e-3);
        for (int i = 0; i < 500; i++) {
            assertFalse(cfar.warmedUp());
            assertEquals(Cfar.NONE, cfar.feed(scores[i]), "score " + i);
        }
        assertTrue(cfar.warmedUp());
        assertEquals(Cfar.START, cfar.feed(1e6f), "the first score after the warm-up can be flagged");
        assertEquals(500, cfar.lastStart());
    }

    @Test
    void theWarmUpEstimateIsTheExactMeanAndPopulationDeviation() {
        float[] scores = {1, 2, 3, 4, 10};
        Cfar cfar = new Cfar(2, 50, 5, 1, 0);
        for (float s : scores) {
            cfar.feed(s);
        }
        assertEquals(4, cfar.mean(), 1e-12);
        assertEquals(Math.sqrt(10), cfar.std(), 1e-12, "(9 + 4 + 1 + 0 + 36) / 5 = 10");
        // The exponential update from there: d = 4 - 4 = 0 leaves the mean; the variance decays by 1 - 1/50.
        cfar.feed(4);
        assertEquals(4, cfar.mean(), 1e-12);
        assertEquals(Math.sqrt(10 * 0.98), cfar.std(), 1e-12);
    }

    @Test
    void aClickInTheWarmUpIsLeftOutOfTheEstimateSoTheNextEventIsFound() {
        float[] scores = noise(3000, 11);
        scores[10] = 5000; // a click: 2,500 deviations above the noise
        scores[2000] = (float) (NOISE_MEAN + 8 * NOISE_STD); // an event a clean estimate finds
        Cfar cfar = new Cfar(5, 1000, 1000, 3, 0);
        List<long[]> found = events(cfar, scores);
        assertEquals(1, cfar.warmupOutliers());
        assertEquals(NOISE_STD, cfar.std(), 0.15 * NOISE_STD, "the noise's deviation, not the click's");
        assertEquals(1, found.size(), "the event at 2000");
        assertEquals(2000, found.getFirst()[0]);
    }

    @Test
    void aWarmUpWithoutOutliersGivesTheExactEstimateToTheBit() {
        float[] scores = noise(1000, 12);
        Cfar cfar = new Cfar(5, 1000, 1000, 3, 0);
        double mean = 0;
        double m2 = 0;
        for (int i = 0; i < scores.length; i++) {
            cfar.feed(scores[i]);
            double d = scores[i] - mean;
            mean += d / (i + 1);
            m2 += d * (scores[i] - mean);
        }
        assertEquals(0, cfar.warmupOutliers());
        assertEquals(mean, cfar.mean());
        assertEquals(Math.sqrt(m2 / scores.length), cfar.std());
    }

    @Test
    void halfTheWarmUpAlikeLeavesEveryScoreInTheEstimate() {
        // Digital silence then noise: a median deviation of 0 says nothing of the other scores.
        float[] scores = new float[100];
        for (int i = 60; i < 100; i++) {
            scores[i] = i;
        }
        Cfar cfar = new Cfar(5, 100, 100, 3, 0);
        for (float score : scores) {
            cfar.feed(score);
        }
        assertEquals(0, cfar.warmupOutliers());
        double mean = 0;
        for (float score : scores) {
            mean += score;
        }
        assertEquals(mean / scores.length, cfar.mean(), 1e-9);
    }

    @Test
    void selectFindsTheKthSmallestOfAnyOrder() {
        Random random = new Random(5);
        for (int n : new int[] {1, 2, 3, 10, 101, 1000}) {
            float[] a = new float[n];
            for (int i = 0; i < n; i++) {
                a[i] = random.nextInt(20); // many alike, as quantized scores are
            }
            float[] sorted = a.clone();
            java.util.Arrays.sort(sorted);
            for (int k : new int[] {0, n / 2, n - 1}) {
                assertEquals(sorted[k], Cfar.select(a.clone(), n, k), n + " scores, k = " + k);
            }
        }
    }

    @Test
    void theStdFloorKeepsConstantInputQuiet() {
        Cfar cfar = new Cfar(5, 100, 100, 1, 1e-3);
        for (int i = 0; i < 1000; i++) {
            assertEquals(Cfar.NONE, cfar.feed(1f));
        }
        assertEquals(0, cfar.std());
        assertEquals(Cfar.NONE, cfar.feed(Math.nextUp(1f)), "one ulp is not an event");
        assertEquals(Cfar.NONE, cfar.feed(1.004f), "below 1 + 5e-3");
        assertEquals(Cfar.START, cfar.feed(1.006f), "above 1 + 5e-3");
    }

    @Test
    void nonFiniteScoresAreNotLearnedAndNanIsNeverFlagged() {
        Cfar cfar = new Cfar(3, 100, 4, 1, 0.1);
        float[] warm = {9, 11, Float.NaN, 10};
        for (float s : warm) {
            cfar.feed(s);
        }
        assertTrue(cfar.warmedUp());
        assertEquals(10, cfar.mean(), 1e-12, "the NaN took a place in the warm-up but was not learned");
        assertEquals(Cfar.NONE, cfar.feed(Float.NaN));
        assertEquals(Cfar.NONE, cfar.feed(Float.NEGATIVE_INFINITY));
        assertEquals(10, cfar.mean(), 1e-12);
        assertEquals(6, cfar.scoresSeen());
        assertEquals(Cfar.START, cfar.feed(Float.POSITIVE_INFINITY));
    }

    @Test
    void blocksReportTheTransitionsScoreByScoreFeedingFinds() {
        float[] scores = noise(50_000, 6);
        for (int b = 0; b < 20; b++) {
            for (int i = 2000 + 2000 * b; i < 2000 + 2000 * b + 5 + b; i++) {
                scores[i] += 30;
            }
        }
        List<long[]> expected = events(new Cfar(5, 500, 500, 4, 1e-3), scores);
        assertEquals(20, expected.size());

        Cfar cfar = new Cfar(5, 500, 500, 4, 1e-3);
        CfarReport report = new CfarReport(4);
        List<long[]> found = new ArrayList<>();
        Random random = new Random(7);
        int at = 0;
        while (at < scores.length) {
            int len = Math.min(scores.length - at, random.nextInt(3000));
            int transitions = cfar.feed(scores, at, len, report);
            assertEquals(transitions, report.count() + report.dropped());
            assertEquals(0, report.dropped(), "blocks of under 3000 scores hold at most 2 bursts here");
            for (int i = 0; i < report.count(); i++) {
                if (report.kind(i) == Cfar.START) {
                    found.add(new long[] {report.index(i), -1});
                } else {
                    found.getLast()[1] = report.index(i);
                }
            }
            at += len;
        }
        assertEquals(expected.size(), found.size());
        for (int e = 0; e < expected.size(); e++) {
            assertEquals(expected.get(e)[0], found.get(e)[0]);
            assertEquals(expected.get(e)[1], found.get(e)[1]);
        }
    }

    @Test
    void aFullReportCountsWhatItCouldNotKeep() {
        Cfar cfar = new Cfar(3, 100, 10, 1, 0.5);
        for (int i = 0; i < 10; i++) {
            cfar.feed(10);
        }
        float[] block = {20, 10, 20, 10, 20, 10};   // three events: six transitions
        CfarReport report = new CfarReport(4);
        assertEquals(6, cfar.feed(block, 0, block.length, report));
        assertEquals(4, report.count());
        assertEquals(2, report.dropped());
        assertEquals(Cfar.START, report.kind(0));
        assertEquals(10, report.index(0));
        assertEquals(Cfar.END, report.kind(1));
        assertEquals(10, report.index(1));
        assertEquals(12, report.index(2));
        assertThrows(IndexOutOfBoundsException.class, () -> report.kind(4));
    }

    @Test
    void resetStartsANewWarmUpAndIndexesGoOn() {
        Cfar cfar = new Cfar(3, 100, 10, 1, 0.5);
        for (int i = 0; i < 20; i++) {
            cfar.feed(10);
        }
        cfar.reset();
        assertFalse(cfar.warmedUp());
        for (int i = 0; i < 10; i++) {
            assertEquals(Cfar.NONE, cfar.feed(100));
        }
        assertEquals(100, cfar.mean(), 1e-12);
        assertEquals(Cfar.START, cfar.feed(200));
        assertEquals(30, cfar.lastStart());
    }

    @Test
    void badParametersAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new Cfar(0, 10, 10, 1, 0));
        assertThrows(IllegalArgumentException.class, () -> new Cfar(3, 0, 10, 1, 0));
        assertThrows(IllegalArgumentException.class, () -> new Cfar(3, 10, 0, 1, 0));
        assertThrows(IllegalArgumentException.class, () -> new Cfar(3, 10, 10, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> new Cfar(3, 10, 10, 1, -1));
        assertThrows(IllegalArgumentException.class, () -> new CfarReport(0));
    }
}
