package org.streamflex.dsp.detect;

import java.util.Objects;
import org.streamflex.Stable;

/**
 * A constant-false-alarm-rate detector over a stream of scores (XStream's CFAR, with the parameters
 * XStream leaves open decided here). It keeps an online Gaussian estimate of the noise, mean
 * {@code mu} and standard deviation {@code sigma}, and flags a score {@code x} when
 * {@code x > mu + beta * max(sigma, minStd)}. Scores are numbered from 0 in the order fed.
 *
 * <p><b>Decisions.</b>
 * <ul>
 *   <li><b>Estimator: exponentially weighted</b> mean and variance with a time constant of
 *       {@code tau} scores ({@code alpha = 1 / tau}), updated as
 *       {@code d = x - mu; mu += alpha d; var = (1 - alpha)(var + alpha d^2)} (Finch 2009). Chosen
 *       over a sliding window because it needs O(1) state and time whatever {@code tau} is (a
 *       window needs {@code tau} stored scores and a removal step whose running sums drift), it
 *       forgets smoothly (an outlier does not make the threshold jump a second time when it leaves
 *       a window), and freezing it is trivial. Its memory is about {@code 2 tau} scores' worth of
 *       samples, for a relative error of the estimated {@code sigma} of about
 *       {@code 1 / sqrt(4 tau)}.
 *   <li><b>Warm-up:</b> the first {@code warmup} scores only train the estimate, with the exact
 *       running mean and population variance (Welford), which then seed the exponential estimate:
 *       no start-up bias towards an initial guess. No score before index {@code warmup} is ever
 *       flagged.
 *   <li><b>Outliers in the warm-up are left out</b> of that estimate: scores more than
 *       {@link #OUTLIER_SIGMAS} robust standard deviations (1.4826 times the median absolute
 *       deviation) from the warm-up's median. One click in the warm-up (a recorder's button, a
 *       knock on its case; in marmot a full-scale sample in the first 0.1 s) otherwise raised the
 *       estimated deviation a hundredfold, and the threshold took several seconds, many time
 *       constants, to come back down: the node detected nothing meanwhile. A warm-up with no such
 *       score gives the exact estimate as before, to the bit. Warm-ups of more than
 *       {@link #MAX_KEPT_WARMUP} scores are not kept, so not trimmed.
 *   <li><b>No adaptation during an event:</b> from an event's first score through the score that
 *       ends it, nothing updates the estimate, so a long event cannot raise its own threshold and
 *       end itself. (The flip side: a lasting rise of the noise level reads as one long event;
 *       {@link #reset()} starts a new warm-up.)
 *   <li><b>Start and end:</b> an event starts at the first score above the threshold (when no event
 *       is open) and ends after {@code hold} consecutive scores at or below it. Its extent is
 *       reported as {@code [start, end]}, the first and last scores above the threshold; the end
 *       is known, and reported, {@code hold} scores after {@code end}. Scores above the threshold
 *       within an event, with fewer than {@code hold} quiet ones between them, belong to it.
 *   <li><b>Floor:</b> {@code sigma} is floored at {@code minStd} in the threshold, so constant or
 *       digitally silent input (a variance of 0) does not turn every change of one ulp into an
 *       event. Use about the smallest deviation that could be noise in the score's unit.
 *   <li><b>Non-finite scores</b> are never learned; NaN is never above the threshold, +infinity
 *       always is.
 * </ul>
 *
 * <p><b>False alarms.</b> For Gaussian noise and an exact estimate, a score exceeds the threshold
 * with probability {@code Q(beta)} (about {@code 1.35e-3} at {@code beta = 3}, {@code 2.9e-7} at
 * 5). {@code CfarTest} checks the rate on a million scores of seeded noise.
 *
 * <p>Allocation-free; accumulates in double. Not thread-safe: one detector belongs to one filter.
 *
 * <pre>{@code
 * private final Cfar cfar = new Cfar(5.0, 1000, 1000, 10, 1e-3);   // beta, tau, warmup, hold, minStd
 * ...
 * if (cfar.feed(score) == Cfar.START) {
 *     out.put(cfar.lastStart());
 * }
 * }</pre>
 */
public final class Cfar implements Stable {
    /** Nothing started or ended at this score. */
    public static final int NONE = 0;
    /** An event started at this score: {@link #lastStart()} is its index. */
    public static final int START = 1;
    /** An event ended at this score: {@link #lastEnd()} is the index of its last score above the threshold. */
    public static final int END = 2;

    /**
     * How far from the warm-up's median, in robust standard deviations, a score is an outlier.
     * Far into the tails on purpose: Gaussian noise has a score out there once in 10^23, and even
     * an exponential tail (a single bin's power) once in 2,500, so only what is not noise is left out.
     */
    public static final double OUTLIER_SIGMAS = 10;
    /** The longest warm-up whose scores are kept for the outlier test (two float arrays of it). */
    public static final int MAX_KEPT_WARMUP = 1 << 16;
    /** A Gaussian's standard deviation over its median absolute deviation. */
    private static final double MAD_TO_SIGMA = 1.4826;

    private final double beta;
    private final double alpha;
    private final int warmup;
    private final int hold;
    private final double minStd;
    /** The current warm-up's finite scores, in order; empty if the warm-up is longer than {@link #MAX_KEPT_WARMUP}. */
    private final float[] warmupScores;
    /** Room to select the median in, as long as {@link #warmupScores}. */
    private final float[] selection;
    private long warmupOutliers;

    private long seen;
    /** The index of the first score of the current warm-up. */
    private long warmupStart;
    /** The scores the current warm-up learned (non-finite ones are not). */
    private long trained;
    private double mean;
    /** During warm-up the sum of squared deviations (Welford's M2); afterwards the variance. */
    private double spread;
    private boolean inEvent;
    private int quiet;
    private long lastAbove = -1;
    private long lastStart = -1;
    private long lastEnd = -1;

    /**
     * A detector.
     *
     * @param beta how many standard deviations above the mean a score must be, positive
     * @param timeConstant {@code tau}, the estimator's memory in scores, at least 1
     * @param warmup the number of scores that only train the estimate, at least 1 (typically
     *     {@code tau})
     * @param hold the number of consecutive scores at or below the threshold that end an event, at
     *     least 1
     * @param minStd the floor of the standard deviation in the threshold, from 0
     * @throws IllegalArgumentException if a parameter is out of range
     */
    public Cfar(double beta, int timeConstant, int warmup, int hold, double minStd) {
        if (!(beta > 0) || Double.isInfinite(beta)) {
            throw new IllegalArgumentException("beta must be positive and finite, was " + beta);
        }
        if (timeConstant < 1 || warmup < 1 || hold < 1) {
            throw new IllegalArgumentException("the time constant, warm-up and hold must be at least 1, were "
                    + timeConstant + ", " + warmup + ", " + hold);
        }
        if (!(minStd >= 0) || Double.isInfinite(minStd)) {
            throw new IllegalArgumentException("the std floor must be finite and at least 0, was " + minStd);
        }
        this.beta = beta;
        this.alpha = 1.0 / timeConstant;
        this.warmup = warmup;
        this.hold = hold;
        this.minStd = minStd;
        // Empty when not kept: a stable array is always the constructor's own (checker rule R4).
        this.warmupScores = new float[warmup <= MAX_KEPT_WARMUP ? warmup : 0];
        this.selection = new float[warmupScores.length];
    }

    /**
     * Feeds the next score.
     *
     * @param score the score
     * @return {@link #START} if an event starts at this score, {@link #END} if this score ends one,
     *     {@link #NONE} otherwise
     */
    public int feed(float score) {
        long index = seen++;
        if (index - warmupStart < warmup) {
            if (Float.isFinite(score)) {
                train(score);
            }
            if (seen - warmupStart == warmup) {
                leaveOutOutliers();
                spread = trained == 0 ? 0 : spread / trained;
            }
            return NONE;
        }
        boolean above = score > threshold();
        if (inEvent) {
            if (above) {
                lastAbove = index;
                quiet = 0;
                return NONE;
            }
            quiet++;
            if (quiet < hold) {
                return NONE;
            }
            inEvent = false;
            lastEnd = lastAbove;
            return END;
        }
        if (above) {
            inEvent = true;
            quiet = 0;
            lastAbove = index;
            lastStart = index;
            return START;
        }
        if (Float.isFinite(score)) {
            adapt(score);
        }
        return NONE;
    }

    /**
     * Feeds {@code len} scores from {@code scores[off]} and records their transitions, in order, in
     * {@code report}, which is cleared first.
     *
     * @param scores the scores
     * @param off the index of the first
     * @param len the number of scores
     * @param report where the starts and ends of this block go
     * @return the number of transitions in this block, including any that did not fit the report
     * @throws IndexOutOfBoundsException if the range does not fit the array
     */
    public int feed(float[] scores, int off, int len, CfarReport report) {
        Objects.checkFromIndexSize(off, len, scores.length);
        report.clear();
        int transitions = 0;
        for (int i = 0; i < len; i++) {
            int what = feed(scores[off + i]);
            if (what == START) {
                report.add(START, lastStart);
                transitions++;
            } else if (what == END) {
                report.add(END, lastEnd);
                transitions++;
            }
        }
        return transitions;
    }

    /** Forgets the estimate and any open event; the next {@code warmup} scores train it again. Indexes go on. */
    public void reset() {
        warmupStart = seen;
        trained = 0;
        mean = 0;
        spread = 0;
        inEvent = false;
        quiet = 0;
    }

    private void train(float score) {
        if (warmupScores.length > 0) {
            warmupScores[(int) trained] = score;
        }
        learn(score);
    }

    /** Welford's update of the warm-up's mean and sum of squared deviations. */
    private void learn(float score) {
        trained++;
        double d = score - mean;
        mean += d / trained;
        spread += d * (score - mean);
    }

    /**
     * At the end of a warm-up: if any kept score lies more than {@link #OUTLIER_SIGMAS} robust
     * deviations from their median, learns the warm-up again without them; else leaves the exact
     * estimate as it is.
     */
    private void leaveOutOutliers() {
        if (warmupScores.length == 0 || trained < 3) {
            return;
        }
        int n = (int) trained;
        System.arraycopy(warmupScores, 0, selection, 0, n);
        float median = select(selection, n, n / 2);
        for (int i = 0; i < n; i++) {
            selection[i] = Math.abs(warmupScores[i] - median);
        }
        // A deviation of 0 (more than half the scores alike, digital silence) tells nothing of the rest.
        double band = OUTLIER_SIGMAS * MAD_TO_SIGMA * select(selection, n, n / 2);
        if (!(band > 0) || !hasOutlier(n, median, band)) {
            return;
        }
        trained = 0;
        mean = 0;
        spread = 0;
        for (int i = 0; i < n; i++) {
            float score = warmupScores[i];
            if (Math.abs(score - median) <= band) {
                learn(score);
            } else {
                warmupOutliers++;
            }
        }
    }

    private boolean hasOutlier(int n, float median, double band) {
        for (int i = 0; i < n; i++) {
            if (Math.abs(warmupScores[i] - median) > band) {
                return true;
            }
        }
        return false;
    }

    /** The {@code k}-th smallest of {@code a[0..n)}, reordering them (Hoare's selection; no allocation). */
    static float select(float[] a, int n, int k) {
        int lo = 0;
        int hi = n - 1;
        while (lo < hi) {
            float pivot = a[(lo + hi) >>> 1];
            int i = lo;
            int j = hi;
            while (i <= j) {
                while (a[i] < pivot) {
                    i++;
                }
                while (a[j] > pivot) {
                    j--;
                }
                if (i <= j) {
                    float t = a[i];
                    a[i] = a[j];
                    a[j] = t;
                    i++;
                    j--;
                }
            }
            if (k <= j) {
                hi = j;
            } else if (k >= i) {
                lo = i;
            } else {
                return a[k];
            }
        }
        return a[k];
    }

    /** Warm-up scores left out of the estimate as outliers, over every warm-up so far. */
    public long warmupOutliers() {
        return warmupOutliers;
    }

    private void adapt(float score) {
        double d = score - mean;
        double increment = alpha * d;
        mean += increment;
        spread = (1 - alpha) * (spread + d * increment);
    }

    /** The current threshold, {@code mean + beta * max(std, minStd)}; meaningful once warmed up. */
    public double threshold() {
        return mean + beta * Math.max(std(), minStd);
    }

    /** The estimated noise mean. */
    public double mean() {
        return mean;
    }

    /** The estimated noise standard deviation (before the floor); during warm-up, that of the scores so far. */
    public double std() {
        if (!warmedUp()) {
            return trained == 0 ? 0 : Math.sqrt(spread / trained);
        }
        return Math.sqrt(spread);
    }

    /** Whether the warm-up is over: the next score can be flagged. */
    public boolean warmedUp() {
        return seen - warmupStart >= warmup;
    }

    /** Whether an event is open: it started and has not ended yet. */
    public boolean inEvent() {
        return inEvent;
    }

    /** The number of scores fed so far, which is the index the next one will have. */
    public long scoresSeen() {
        return seen;
    }

    /** The index of the first score of the last event started, or -1. */
    public long lastStart() {
        return lastStart;
    }

    /** The index of the last score above the threshold of the last event ended, or -1. */
    public long lastEnd() {
        return lastEnd;
    }
}
