package org.streamflex.dsp.net;

import org.streamflex.dsp.FloatSeg;
import org.streamflex.dsp.Timebase;

/**
 * Float segments whose every sample's bits follow from its sample number, so that a receiver can
 * check each bit without the sender's copy: a mix of the number, which covers NaNs with payloads,
 * infinities, zeros of both signs and denormals. Signalling NaNs are made quiet, since Java does not
 * promise to keep them through a float value (the link itself copies bits).
 */
final class SegmentBits {
    private SegmentBits() {
    }

    /** The bits of sample {@code n}. */
    static int bits(long n) {
        long z = n * 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        int bits = (int) (z ^ (z >>> 31));
        boolean nan = (bits & 0x7F800000) == 0x7F800000 && (bits & 0x007FFFFF) != 0;
        return nan ? bits | 0x00400000 : bits;
    }

    /** A new segment of {@code length} samples from {@code start}, held by the caller (or the running work()). */
    static FloatSeg make(Timebase timebase, long start, int length) {
        FloatSeg s = FloatSeg.make(timebase, start, length);
        for (int i = 0; i < length; i++) {
            s.set(i, Float.intBitsToFloat(bits(start + i)));
        }
        return s;
    }

    /** Whether {@code s} is what {@link #make} made, bit for bit. */
    static boolean is(FloatSeg s, Timebase timebase, long start, int length) {
        if (s == null || !s.timebase().equals(timebase) || s.start() != start || s.length() != length) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            if (Float.floatToRawIntBits(s.get(i)) != bits(start + i)) {
                return false;
            }
        }
        return true;
    }
}
