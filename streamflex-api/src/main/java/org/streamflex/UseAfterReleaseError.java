package org.streamflex;

/**
 * A {@link Shared} value (a signal segment) was used after its last holder released it: its memory
 * may already hold another value. The message names the value and, in the DSP library's debug mode
 * ({@code -Dstreamflex.dsp.debug=true}), where it was freed. Keep values across releases in a
 * {@link SharedQueue}, never in a plain field.
 */
public final class UseAfterReleaseError extends StreamFlexError {
    private static final long serialVersionUID = 1L;

    public UseAfterReleaseError(String message) {
        super(message);
    }
}
