package org.streamflex.dsp.memory;

import org.streamflex.StreamFlexProperties;

/**
 * The DSP library's debug mode ({@code -Dstreamflex.dsp.debug=true}): segment headers are not
 * recycled, every read of a segment checks that it is still alive, and a segment records where it
 * was freed, so that a use after release throws {@link org.streamflex.UseAfterReleaseError} naming
 * both places. Read once, when the library loads: {@link #ENABLED} is a constant the JIT folds, so
 * the checks cost nothing when it is off.
 *
 * <pre>{@code
 * java -Dstreamflex.dsp.debug=true -cp app.jar my.Main
 * }</pre>
 */
public final class DspDebug {
    /** Whether the debug mode is on in this JVM. */
    public static final boolean ENABLED = StreamFlexProperties.DSP_DEBUG.get();

    private DspDebug() {
    }
}
