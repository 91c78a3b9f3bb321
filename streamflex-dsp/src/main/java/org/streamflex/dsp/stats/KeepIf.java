package org.streamflex.dsp.stats;

import org.streamflex.Filter;
import org.streamflex.SharedChannel;
import org.streamflex.dsp.FloatSeg;

/**
 * A window filter: each window for which {@link #keep} holds is passed on, the same segment, shared
 * and not copied; the others are dropped. XStream's STATFILTER is two of them in a row,
 * {@link StdDevAbove} and {@link MeanBelow}.
 *
 * <pre>{@code
 * public final class Loud extends KeepIf {
 *     @SuppressWarnings("StreamFlex:R1") // a segment is valid only during work(): S1-S3 keep it there
 *     @Override
 *     protected boolean keep(FloatSeg window) {
 *         return Stats.sumOfSquares(window) > 10;
 *     }
 * }
 * }</pre>
 *
 * <p>The test sees the segment only during the {@code work()} that took it and must not keep it
 * (the checker's S1 and S2; R1 lets a filter's methods borrow a shared value as a parameter).
 * Dropped windows are not counted here: the difference between the input's {@code consumed} and the
 * output's {@code published} counters is their number. Allocates nothing.
 */
public abstract class KeepIf extends Filter {
    private SharedChannel<FloatSeg> in;
    private SharedChannel<FloatSeg> out;

    /** For subclasses. */
    protected KeepIf() {
    }

    /**
     * Whether to pass {@code window} on.
     *
     * @param window the window, valid until this {@code work()} returns; read it, do not keep it
     * @return true to pass it on, false to drop it
     */
    protected abstract boolean keep(FloatSeg window);

    @Override
    public final void work() {
        FloatSeg window = in.take();
        if (keep(window)) {
            out.put(window);
        }
    }
}
