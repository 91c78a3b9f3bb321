package org.streamflex.dsp;

import org.streamflex.SharedChannel;

/**
 * A scripted source of {@link ComplexSeg}s: value {@code t} is the pair at
 * {@code parts[2 (t mod signal length)]}; each segment's {@code fftSize()} is its length unless set.
 */
public final class ComplexSource extends ScriptedSource {
    /** The longest signal, in complex values. */
    public static final int MAX_SIGNAL = 1 << 16;
    private static final int CHUNK = 1024;

    private SharedChannel<ComplexSeg> out;
    private final float[] signal = new float[2 * MAX_SIGNAL];
    private final float[] chunk = new float[2 * CHUNK];
    private int signalLength = 1;
    private int fftSize = -1;

    /** The signal as interleaved (re, im) pairs, repeated if the script runs past its end. */
    public void signal(float[] parts) {
        System.arraycopy(parts, 0, signal, 0, parts.length);
        signalLength = parts.length / 2;
    }

    /** The {@code fftSize()} every segment gets, or -1 for its length. */
    public void fftSize(int size) {
        fftSize = size;
    }

    @Override
    protected int emit(Timebase tb, long start, int length) {
        ComplexSeg s = ComplexSeg.make(tb, start, length, fftSize < 0 ? length : fftSize);
        for (int at = 0; at < length; at += CHUNK) {
            int count = Math.min(CHUNK, length - at);
            for (int i = 0; i < count; i++) {
                int k = (int) Math.floorMod(start + at + i, (long) signalLength);
                chunk[2 * i] = signal[2 * k];
                chunk[2 * i + 1] = signal[2 * k + 1];
            }
            s.set(at, chunk, 0, count);
        }
        out.put(s);
        return System.identityHashCode(s);
    }
}
