package org.streamflex.dsp;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.streamflex.dsp.memory.HeaderPool;

/**
 * A segment of complex values, each a pair of {@code float}s (real, imaginary) stored interleaved
 * as JTransforms lays them out: what an FFT produces. A spectrum keeps the time of the window it
 * came from: its timebase and {@link #start()} are those of the window's first sample, its
 * {@link #length()} is the number of bins, and {@link #fftSize()} the number of time samples
 * transformed (so an inverse FFT rebuilds the window at the same place). Read-only and shared
 * like every segment ({@link Seg}).
 *
 * <pre>{@code
 * ComplexSeg spectrum = in.take();                 // 17 bins of a 32-point real FFT
 * double energy = 0;
 * for (int k = 0; k < spectrum.length(); k++) {
 *     energy += spectrum.abs(k);
 * }
 * }</pre>
 */
public final class ComplexSeg extends Seg {
    private static final HeaderPool<ComplexSeg> HEADERS = new HeaderPool<>("ComplexSeg", ComplexSeg::new);
    private static final ValueLayout.OfFloat PART = ValueLayout.JAVA_FLOAT;
    private static final int BYTES = 2 * (int) PART.byteSize();

    private int fftSize;

    private ComplexSeg() {
        super(BYTES);
    }

    /**
     * A new segment of {@code length} complex values, unset, writable until shared (as
     * {@link FloatSeg#make}).
     *
     * @param fftSize the number of time samples the values describe ({@code length} for a plain
     *     complex signal)
     */
    public static ComplexSeg make(Timebase timebase, long start, int length, int fftSize) {
        if (fftSize < 0) {
            throw new IllegalArgumentException("fftSize must be >= 0, was " + fftSize);
        }
        ComplexSeg s = HEADERS.take();
        s.initFresh(timebase, start, length);
        s.fftSize = fftSize;
        return s;
    }

    /** The number of time samples transformed into these values. */
    public int fftSize() {
        alive();
        return fftSize;
    }

    /** The real part of value {@code i}. */
    public float re(int i) {
        return part(i, 0);
    }

    /** The imaginary part of value {@code i}. */
    public float im(int i) {
        return part(i, PART.byteSize());
    }

    /** The magnitude of value {@code i}: {@code hypot(re, im)} without its overflow care, in double. */
    public double abs(int i) {
        double re = re(i);
        double im = im(i);
        return Math.sqrt(re * re + im * im);
    }

    /** Sets value {@code i} of a segment still its maker's alone. */
    public void set(int i, float re, float im) {
        checkIndex(i);
        checkWritable();
        long at = offset0 + (long) i * BYTES;
        memory0.set(PART, at, re);
        memory0.set(PART, at + PART.byteSize(), im);
    }

    /** Sets values {@code at .. at+count-1} from interleaved pairs {@code parts[offset ..]}. */
    public void set(int at, float[] parts, int offset, int count) {
        checkRange(at, count);
        if (count == 0) {
            return;
        }
        checkWritable();
        MemorySegment.copy(parts, offset, memory0, PART, offset0 + (long) at * BYTES, 2 * count);
    }

    /** Copies values {@code from .. from+count-1} as interleaved pairs into {@code parts[offset ..]}. */
    public void copyTo(int from, float[] parts, int offset, int count) {
        copyOut(from, count, PART, 2, parts, offset);
    }

    /** Every value as interleaved pairs in a new array: for tests and plain Java code. */
    public float[] toArray() {
        float[] all = new float[2 * length()];
        copyTo(0, all, 0, length);
        return all;
    }

    /** Values {@code offset .. offset+length-1} over the same memory (see {@link FloatSeg#subseg}). */
    public ComplexSeg subseg(int offset, int length) {
        checkRange(offset, length);
        if (offset == 0 && length == this.length) {
            handOut();
            return this;
        }
        ComplexSeg s = HEADERS.take();
        s.initSlice(this, offset, length);
        s.fftSize = fftSize;
        return s;
    }

    /**
     * This segment followed by {@code next}, over the memory of both.
     *
     * @throws SegAppendException if {@code next} does not continue this one
     */
    public ComplexSeg append(ComplexSeg next) {
        checkAppend(this, next);
        ComplexSeg s = HEADERS.take();
        s.initAppend(this, next);
        s.fftSize = fftSize + next.fftSize;
        return s;
    }

    @Override
    void recycle() {
        HEADERS.give(this);
    }

    private float part(int i, long within) {
        checkIndex(i);
        if (pieces == 1) {
            return memory0.get(PART, offset0 + (long) i * BYTES + within);
        }
        int k = pieceOf(i);
        return buffers[k].memory().get(PART, offsets[k] + (long) (i - (k == 0 ? 0 : ends[k - 1])) * BYTES + within);
    }
}
