package org.streamflex.dsp;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.streamflex.dsp.memory.HeaderPool;
import org.streamflex.dsp.memory.Layouts;

/**
 * A signal segment of {@code double} samples: read-only, shared by reference, cut and joined
 * without copying (see {@link Seg}).
 *
 * <pre>{@code
 * DoubleSeg s = DoubleSeg.make(tb, 48_000, 32);   // samples 48000..48031, in work(): held by it
 * for (int i = 0; i < 32; i++) {
 *     s.set(i, Math.sin(i));                      // writable until it is shared
 * }
 * out.put(s);                                     // now read-only
 * DoubleSeg both = s.append(next);                // next must start at 48032: no copy
 * }</pre>
 * <!-- template: the build drops these lines from the classes it generates -->
 *
 * <p>This class is the template of the segment classes: the build generates {@code FloatSeg},
 * {@code IntSeg}, {@code ShortSeg} and {@code LongSeg} from it ({@code build-tools/Specialize.java}).
 * <!-- :template -->
 */
public final class DoubleSeg extends Seg {
    private static final HeaderPool<DoubleSeg> HEADERS = new HeaderPool<>("DoubleSeg", DoubleSeg::new);
    private static final ValueLayout.OfDouble LAYOUT = Layouts.ofDouble();
    private static final int BYTES = (int) LAYOUT.byteSize();

    private DoubleSeg() {
        super(BYTES);
    }

    /**
     * A new segment of {@code length} samples starting at sample {@code start}, contents unset,
     * writable with {@link #set} until it is shared. Inside {@code work()} the running
     * {@code work()} holds it (released when it returns unless put on a channel or in a queue);
     * outside, the caller owns it and releases it.
     *
     * @throws IllegalArgumentException if {@code length} is negative
     */
    public static DoubleSeg make(Timebase timebase, long start, int length) {
        DoubleSeg s = HEADERS.take();
        s.initFresh(timebase, start, length);
        return s;
    }

    /** A new segment holding a copy of {@code samples[offset .. offset+length-1]}. */
    public static DoubleSeg copyOf(Timebase timebase, long start, double[] samples, int offset, int length) {
        DoubleSeg s = make(timebase, start, length);
        if (length > 0) {
            s.set(0, samples, offset, length);
        }
        return s;
    }

    /**
     * Sample {@code i} (0 is {@link #start()}).
     *
     * @throws IndexOutOfBoundsException if {@code i} is not below {@link #length()}
     */
    public double get(int i) {
        checkIndex(i);
        if (pieces == 1) {
            return memory0.get(LAYOUT, offset0 + (long) i * BYTES);
        }
        int k = pieceOf(i);
        return buffers[k].memory().get(LAYOUT, offsets[k] + (long) (i - (k == 0 ? 0 : ends[k - 1])) * BYTES);
    }

    /** The sample numbered {@code sample} against the timebase. */
    public double at(long sample) {
        return get(indexOf(sample, sample + 1));
    }

    /**
     * Sets sample {@code i} of a segment that is still its maker's alone.
     *
     * @throws IllegalStateException if the segment is shared (see {@link #make})
     */
    public void set(int i, double value) {
        checkIndex(i);
        checkWritable();
        memory0.set(LAYOUT, offset0 + (long) i * BYTES, value);
    }

    /** Sets samples {@code at .. at+count-1} from {@code values[offset ..]}, as {@link #set(int, double)}. */
    public void set(int at, double[] values, int offset, int count) {
        checkRange(at, count);
        if (count == 0) {
            return;
        }
        checkWritable();
        MemorySegment.copy(values, offset, memory0, LAYOUT, offset0 + (long) at * BYTES, count);
    }

    /** Copies samples {@code from .. from+count-1} into {@code target[offset ..]}, piece by piece. */
    public void copyTo(int from, double[] target, int offset, int count) {
        copyOut(from, count, LAYOUT, 1, target, offset);
    }

    /** Copies samples {@code from .. from+count-1} into {@code target} at byte {@code targetOffset}. */
    public void copyTo(int from, MemorySegment target, long targetOffset, int count) {
        copyOut(from, count, target, targetOffset);
    }

    /** A copy of every sample in a new array: for tests and plain Java code (it allocates). */
    public double[] toArray() {
        double[] all = new double[length()];
        copyTo(0, all, 0, all.length);
        return all;
    }

    /**
     * Samples {@code offset .. offset+length-1} as a new segment over the same memory (its first
     * sample is {@code start() + offset}). Held like a new segment: by the running {@code work()},
     * or by the caller outside one.
     *
     * @throws IndexOutOfBoundsException if the range is not inside this segment
     */
    public DoubleSeg subseg(int offset, int length) {
        checkRange(offset, length);
        if (offset == 0 && length == this.length) {
            handOut();
            return this;
        }
        DoubleSeg s = HEADERS.take();
        s.initSlice(this, offset, length);
        return s;
    }

    /**
     * The samples numbered {@code fromSample .. toSample-1} against the timebase, as {@link #subseg}.
     *
     * @throws IndexOutOfBoundsException if they are not all in this segment
     */
    public DoubleSeg between(long fromSample, long toSample) {
        return subseg(indexOf(fromSample, toSample), (int) (toSample - fromSample));
    }

    /**
     * Samples {@code offset .. offset+length-1} as a segment of {@code timebase} whose first sample
     * is {@code start}: a new header over the same memory, the samples renumbered. What a source
     * that replays a recording loaded once does: each replay is the recording at another time, and
     * no sample is copied. Held like a new segment.
     *
     * @throws IndexOutOfBoundsException if the range is not inside this segment
     * @throws NullPointerException if {@code timebase} is null
     */
    public DoubleSeg renumbered(int offset, int length, Timebase timebase, long start) {
        checkRange(offset, length);
        DoubleSeg s = HEADERS.take();
        s.initRenumbered(this, offset, length, timebase, start);
        return s;
    }

    /**
     * This segment followed by {@code next}, over the memory of both: no sample is copied.
     *
     * @throws SegAppendException if {@code next} does not continue this segment (a gap, an overlap,
     *     another timebase), naming both
     */
    public DoubleSeg append(DoubleSeg next) {
        checkAppend(this, next);
        DoubleSeg s = HEADERS.take();
        s.initAppend(this, next);
        return s;
    }

    /**
     * The same samples in one piece: this segment if it has one, else a copy in a new buffer
     * (XStream's "materialize", for algorithms that need contiguous memory).
     */
    public DoubleSeg contiguous() {
        if (pieceCount() <= 1) {
            handOut();
            return this;
        }
        DoubleSeg s = make(timebase, start, length);
        copyTo(0, s.memory0, s.offset0, length);
        return s;
    }

    /** Headers of this class made since the JVM started: stops moving once the pool covers a graph's needs. */
    public static long headersMade() {
        return HEADERS.created();
    }

    @Override
    void recycle() {
        HEADERS.give(this);
    }
}
