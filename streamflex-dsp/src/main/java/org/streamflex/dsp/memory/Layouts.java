package org.streamflex.dsp.memory;

import java.lang.foreign.ValueLayout;

/**
 * The memory layout of each sample type, named by the type so that the segment classes generated
 * from one template ({@code DoubleSeg}) find theirs: {@code Layouts.ofDouble()} becomes
 * {@code Layouts.ofFloat()} in {@code FloatSeg}. Native byte order, aligned: buffers are 64-byte
 * aligned and pieces start at multiples of the element size.
 *
 * <pre>{@code
 * float x = memory.get(Layouts.ofFloat(), offset);
 * }</pre>
 */
public final class Layouts {
    private Layouts() {
    }

    /** 16-bit samples (PCM audio as acquired). */
    public static ValueLayout.OfShort ofShort() {
        return ValueLayout.JAVA_SHORT;
    }

    /** 32-bit integer samples. */
    public static ValueLayout.OfInt ofInt() {
        return ValueLayout.JAVA_INT;
    }

    /** 64-bit integer samples. */
    public static ValueLayout.OfLong ofLong() {
        return ValueLayout.JAVA_LONG;
    }

    /** 32-bit float samples (audio as processed). */
    public static ValueLayout.OfFloat ofFloat() {
        return ValueLayout.JAVA_FLOAT;
    }

    /** 64-bit float samples. */
    public static ValueLayout.OfDouble ofDouble() {
        return ValueLayout.JAVA_DOUBLE;
    }
}
