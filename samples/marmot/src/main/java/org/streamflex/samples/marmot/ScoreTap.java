package org.streamflex.samples.marmot;

import org.streamflex.Channel;
import org.streamflex.Filter;
import org.streamflex.dsp.TimedValue;
import org.streamflex.dsp.detect.Cfar;

/**
 * Keeps a node's detection scores and the CFAR threshold over time for the score plot: the same
 * {@link Cfar} kernel as the detector, fed the same scores, gives the same threshold. At most
 * {@link #CAPACITY} points: when full, pairs merge (their larger score, the first threshold) and
 * each point then stands for twice as many scores, so hours of audio fit.
 *
 * <pre>{@code
 * tap.configure(5, 1024, 1024, 8, 1e-3);
 * ... after the run: tap.points(), tap.timeNanos(i), tap.score(i), tap.threshold(i)
 * }</pre>
 */
public final class ScoreTap extends Filter {
    /** The most points kept. */
    public static final int CAPACITY = 1 << 15;

    private Channel<TimedValue> in;
    private final float[] scores = new float[CAPACITY];
    private final float[] thresholds = new float[CAPACITY];
    private final long[] times = new long[CAPACITY];
    private Cfar cfar = new Cfar(5, 1024, 1024, 8, 1e-3);
    private int count;
    private int perPoint = 1;
    private int inPoint;

    private ScoreTap() {
    }

    /** The detector's parameters, as {@code CfarDetector.configure}; before the graph runs. */
    void configure(double beta, int timeConstant, int warmup, int hold, double minStd) {
        cfar = new Cfar(beta, timeConstant, warmup, hold, minStd);
    }

    @Override
    public void work() {
        TimedValue v = in.take();
        float x = (float) v.value;
        cfar.feed(x);
        float threshold = cfar.warmedUp() ? (float) cfar.threshold() : Float.NaN;
        if (inPoint == 0) {
            if (count == CAPACITY) {
                for (int i = 0; i < CAPACITY / 2; i++) {
                    scores[i] = Math.max(scores[2 * i], scores[2 * i + 1]);
                    thresholds[i] = thresholds[2 * i];
                    times[i] = times[2 * i];
                }
                count = CAPACITY / 2;
                perPoint *= 2;
            }
            scores[count] = x;
            thresholds[count] = threshold;
            times[count] = v.startNanos;
            count++;
        } else {
            scores[count - 1] = Math.max(scores[count - 1], x);
        }
        inPoint = (inPoint + 1) % perPoint;
    }

    /** Points kept. */
    public int points() {
        return count;
    }

    /** The start of point {@code i}'s first score, nanoseconds on the node's clock. */
    public long timeNanos(int i) {
        return times[i];
    }

    /** The largest score of point {@code i}. */
    public float score(int i) {
        return scores[i];
    }

    /** The threshold at point {@code i}'s first score (NaN during the warm-up). */
    public float threshold(int i) {
        return thresholds[i];
    }
}
