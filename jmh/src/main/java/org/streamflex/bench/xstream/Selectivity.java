package org.streamflex.bench.xstream;

import static org.streamflex.bench.xstream.XStreamWorkloads.ALPHA;
import static org.streamflex.bench.xstream.XStreamWorkloads.BETA;
import static org.streamflex.bench.xstream.XStreamWorkloads.GAMMA;
import static org.streamflex.bench.xstream.XStreamWorkloads.SILENCE_WINDOW;
import static org.streamflex.bench.xstream.XStreamWorkloads.STAT_WINDOW;

import java.util.List;
import java.util.Locale;

/**
 * What the thresholds select on a number of replays of the recording, with how far the nearest
 * window is from each threshold: the numbers a run logs beside its rates (the papers leave the
 * thresholds unstated, and a threshold changes the work).
 *
 * <pre>{@code
 * Selectivity.of(CountingRecording.load(), 1).lines().forEach(System.out::println);
 * }</pre>
 *
 * @param replays replays of the recording measured
 * @param statWindows STATFILTER's windows
 * @param statDeviating those with a standard deviation above alpha
 * @param statPassed those that also have a mean below beta
 * @param alphaFactor the nearest window standard deviation's factor from alpha (above or below)
 * @param betaDistance the distance of the nearest mean, among windows above alpha, from beta
 * @param silenceWindows SILENCEFILTER's windows
 * @param voicedWindows those with a standard deviation above gamma
 * @param ranges the maximal runs of voiced windows
 * @param voicedSamples the samples in them
 * @param longestRange the longest run, in samples
 * @param gammaFactor the nearest window standard deviation's factor from gamma
 */
public record Selectivity(int replays, long statWindows, long statDeviating, long statPassed, double alphaFactor,
        double betaDistance, long silenceWindows, long voicedWindows, long ranges, long voicedSamples,
        long longestRange, double gammaFactor) {

    /** Measures the thresholds of {@link XStreamWorkloads} on {@code replays} replays. */
    public static Selectivity of(CountingRecording recording, int replays) {
        float[] x = recording.array();
        long total = (long) replays * x.length;
        long statWindows = 0;
        long deviating = 0;
        long passed = 0;
        double alphaFactor = Double.POSITIVE_INFINITY;
        double betaDistance = Double.POSITIVE_INFINITY;
        for (long start = 0; start + STAT_WINDOW <= total; start += STAT_WINDOW) {
            float[] window = window(x, start, STAT_WINDOW);
            double std = WindowStats.std(window, 0, STAT_WINDOW);
            double mean = WindowStats.mean(window, 0, STAT_WINDOW);
            statWindows++;
            alphaFactor = Math.min(alphaFactor, Math.max(std / ALPHA, ALPHA / std));
            if (std > ALPHA) {
                deviating++;
                betaDistance = Math.min(betaDistance, Math.abs(mean - BETA));
                if (mean < BETA) {
                    passed++;
                }
            }
        }
        long silenceWindows = 0;
        long voiced = 0;
        long ranges = 0;
        long voicedSamples = 0;
        long longest = 0;
        double gammaFactor = Double.POSITIVE_INFINITY;
        long run = 0;
        for (long start = 0; start + SILENCE_WINDOW <= total; start += SILENCE_WINDOW) {
            double std = WindowStats.std(window(x, start, SILENCE_WINDOW), 0, SILENCE_WINDOW);
            silenceWindows++;
            gammaFactor = Math.min(gammaFactor, Math.max(std / GAMMA, GAMMA / std));
            if (std > GAMMA) {
                voiced++;
                voicedSamples += SILENCE_WINDOW;
                if (run == 0) {
                    ranges++;
                }
                run += SILENCE_WINDOW;
                longest = Math.max(longest, run);
            } else {
                run = 0;
            }
        }
        return new Selectivity(replays, statWindows, deviating, passed, alphaFactor, betaDistance, silenceWindows,
                voiced, ranges, voicedSamples, longest, gammaFactor);
    }

    /** The samples numbered {@code start ..} of the replayed recording. */
    private static float[] window(float[] x, long start, int window) {
        float[] w = new float[window];
        for (int i = 0; i < window; i++) {
            w[i] = x[(int) ((start + i) % x.length)];
        }
        return w;
    }

    /** The selectivities, one workload per line. */
    public List<String> lines() {
        long samples = (long) replays * CountingRecording.SAMPLES;
        return List.of(
                String.format(Locale.ROOT, "STATFILTER    window %d, alpha %s, beta %s: %d windows, %d with std > alpha"
                        + " (%.1f%%), %d of those with mean < beta (%.1f%% of them, %.1f%% of all); nearest std %.1fx"
                        + " from alpha, nearest mean %.1e from beta", STAT_WINDOW, ALPHA, BETA, statWindows,
                        statDeviating, 100.0 * statDeviating / statWindows, statPassed,
                        100.0 * statPassed / statDeviating, 100.0 * statPassed / statWindows, alphaFactor,
                        betaDistance),
                String.format(Locale.ROOT, "SILENCEFILTER window %d, gamma %s: %d windows, %d voiced (%.1f%%) in %d"
                        + " ranges, %,d samples out (%.1f%%), longest range %,d samples; nearest std %.1fx from gamma",
                        SILENCE_WINDOW, GAMMA, silenceWindows, voicedWindows, 100.0 * voicedWindows / silenceWindows,
                        ranges, voicedSamples, 100.0 * voicedSamples / samples, longestRange, gammaFactor));
    }
}
