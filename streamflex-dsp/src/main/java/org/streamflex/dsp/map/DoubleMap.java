package org.streamflex.dsp.map;

import org.streamflex.Filter;
import org.streamflex.SharedChannel;
import org.streamflex.dsp.DoubleSeg;

/**
 * WaveScript's {@code map(f, s)} over segments: each segment to a new one of the same timebase,
 * start and length whose sample {@code i} is {@link #apply}{@code (x[i])}. A subclass gives the
 * function.
 *
 * <pre>{@code
 * public final class Clip extends DoubleMap {
 *     private double limit = 100;                     // a constant: the map keeps no state
 *     @Override
 *     protected double apply(double x) {
 *         return x > limit ? limit : x;
 *     }
 * }
 * }</pre>
 * <!-- template: the build drops these lines from the classes it generates -->
 *
 * <p>This class is the template of {@code FloatMap}, {@code IntMap}, {@code ShortMap} and
 * {@code LongMap}, which the build generates ({@code build-tools/Specialize.java}).
 * <!-- :template -->
 *
 * <p><b>Keep no state.</b> WaveScript defines a map as an iterate "that has no state and one emit
 * on every code path", and that is what lets a graph duplicate it: fission runs copies of a map on
 * several cores, and the rewrite {@code map(f, merge(x, y)) = merge(map(f, x), map(f, y))} gives
 * each input its own copy. Both hold only if {@code apply} depends on its argument alone: a subclass
 * must keep no instance state that {@code apply} reads or writes (constants set by a configure
 * method before the graph runs are fine, as each copy is configured alike). A function with state
 * is an iterate, not a map: write a filter of its own.
 *
 * <p>The decision on time: the output keeps the input's timebase and start, as a map changes values,
 * not their times. Samples are read in chunks of 256 into an array of the filter's and written back
 * chunk by chunk; nothing is allocated per segment. {@code apply} is called once per sample, through
 * a virtual call that the JIT inlines while a JVM runs few map classes.
 */
public abstract class DoubleMap extends Filter {
    private static final int CHUNK = 256;

    private SharedChannel<DoubleSeg> in;
    private SharedChannel<DoubleSeg> out;
    private final double[] chunk = new double[CHUNK];

    /** For subclasses. */
    protected DoubleMap() {
    }

    /**
     * The function: the output sample for input sample {@code x}. It must depend on {@code x} alone.
     *
     * @param x an input sample
     * @return the output sample
     */
    protected abstract double apply(double x);

    @Override
    public final void work() {
        DoubleSeg segment = in.take();
        int length = segment.length();
        DoubleSeg mapped = DoubleSeg.make(segment.timebase(), segment.start(), length);
        for (int at = 0; at < length; at += CHUNK) {
            int count = Math.min(CHUNK, length - at);
            segment.copyTo(at, chunk, 0, count);
            for (int i = 0; i < count; i++) {
                chunk[i] = apply(chunk[i]);
            }
            mapped.set(at, chunk, 0, count);
        }
        out.put(mapped);
    }
}
