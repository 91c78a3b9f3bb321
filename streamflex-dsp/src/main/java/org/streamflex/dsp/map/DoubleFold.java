package org.streamflex.dsp.map;

import org.streamflex.Channel;
import org.streamflex.Filter;
import org.streamflex.SharedChannel;
import org.streamflex.dsp.DoubleSeg;
import org.streamflex.dsp.TimedValue;

/**
 * WaveScript's {@code Sigseg.fold(f, init, ss)} over each segment of a stream: one
 * {@link TimedValue} per segment, {@code combine(...combine(combine(initial(), x[0]), x[1])...)},
 * with the segment's time range. A subclass gives the function and, if not 0, the initial value.
 *
 * <pre>{@code
 * public final class Peak extends DoubleFold {
 *     @Override
 *     protected double combine(double acc, double x) {
 *         return x > acc ? x : acc;                   // the largest sample, or 0 if all are below
 *     }
 * }
 * }</pre>
 * <!-- template: the build drops these lines from the classes it generates -->
 *
 * <p>This class is the template of {@code FloatFold}, {@code IntFold}, {@code ShortFold} and
 * {@code LongFold}, which the build generates ({@code build-tools/Specialize.java}).
 * <!-- :template -->
 *
 * <p><b>Keep no state</b> between segments: the fold of one segment depends on that segment alone,
 * which is what lets a graph duplicate the operator (fission over cores, and
 * {@code map(f, merge(x, y)) = merge(map(f, x), map(f, y))}, which holds for a per-segment fold as
 * for a map). A subclass must keep no instance state that {@code combine} or {@code initial} reads
 * or writes, other than constants configured before the graph runs. The accumulator is of the
 * sample type (integer folds wrap on overflow as Java's arithmetic does) and is widened to the
 * {@code TimedValue}'s value. An empty segment folds to {@code initial()}.
 *
 * <p>Samples are read in chunks of 256 into an array of the filter's; nothing is allocated per
 * segment.
 */
public abstract class DoubleFold extends Filter {
    private static final int CHUNK = 256;

    private SharedChannel<DoubleSeg> in;
    private Channel<TimedValue> out;
    private final double[] chunk = new double[CHUNK];

    /** For subclasses. */
    protected DoubleFold() {
    }

    /**
     * One step of the fold.
     *
     * @param acc the value so far ({@link #initial()} before the first sample)
     * @param x the next sample
     * @return the value after {@code x}
     */
    protected abstract double combine(double acc, double x);

    /** The value before the first sample of each segment: 0 unless overridden. */
    protected double initial() {
        return 0;
    }

    @Override
    public final void work() {
        DoubleSeg segment = in.take();
        int length = segment.length();
        double acc = initial();
        for (int at = 0; at < length; at += CHUNK) {
            int count = Math.min(CHUNK, length - at);
            segment.copyTo(at, chunk, 0, count);
            for (int i = 0; i < count; i++) {
                acc = combine(acc, chunk[i]);
            }
        }
        TimedValue v = makeCapsule(TimedValue.class);
        v.startNanos = segment.startNanos();
        v.endNanos = segment.endNanos();
        v.value = acc;
        out.put(v);
    }
}
