package org.streamflex.dsp;

import org.streamflex.Filter;
import org.streamflex.SharedChannel;

/**
 * Takes every {@link ComplexSeg} and records, for the first {@link #MAX_SEGMENTS}, its start,
 * length, {@code fftSize()} and values (interleaved pairs), while they fit.
 */
public final class ComplexSink extends Filter {
    /** Segments recorded at most. */
    public static final int MAX_SEGMENTS = 4096;
    /** Complex values recorded at most. */
    public static final int MAX_VALUES = 1 << 17;

    private SharedChannel<ComplexSeg> in;
    private final float[] parts = new float[2 * MAX_VALUES];
    private final long[] starts = new long[MAX_SEGMENTS];
    private final int[] lengths = new int[MAX_SEGMENTS];
    private final int[] fftSizes = new int[MAX_SEGMENTS];
    private final int[] offsets = new int[MAX_SEGMENTS];
    private int recorded;
    private int valueCount;

    /** Segments taken. */
    public int segments;

    @Override
    public void work() {
        ComplexSeg s = in.take();
        if (segments < MAX_SEGMENTS && valueCount + s.length() <= MAX_VALUES) {
            starts[recorded] = s.start();
            lengths[recorded] = s.length();
            fftSizes[recorded] = s.fftSize();
            offsets[recorded] = valueCount;
            s.copyTo(0, parts, 2 * valueCount, s.length());
            valueCount += s.length();
            recorded++;
        }
        segments++;
    }

    /** Segments recorded. */
    public int recorded() {
        return recorded;
    }

    /** The start of the i-th segment. */
    public long start(int i) {
        return starts[i];
    }

    /** The length of the i-th segment. */
    public int length(int i) {
        return lengths[i];
    }

    /** The {@code fftSize()} of the i-th segment. */
    public int fftSize(int i) {
        return fftSizes[i];
    }

    /** The real part of value {@code k} of the i-th segment. */
    public float re(int i, int k) {
        return parts[2 * (offsets[i] + k)];
    }

    /** The imaginary part of value {@code k} of the i-th segment. */
    public float im(int i, int k) {
        return parts[2 * (offsets[i] + k) + 1];
    }
}
