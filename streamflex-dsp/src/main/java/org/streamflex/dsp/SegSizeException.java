package org.streamflex.dsp;

import org.streamflex.StreamFlexError;

/**
 * An operator was given a segment whose length it cannot process as configured: a window longer
 * than an FFT's size, a spectrum of another size than an inverse FFT's, a window that is not a
 * multiple of a wavelet's block. Thrown from the operator's {@code work()}, it becomes a
 * {@code BoundaryError} naming the filter instance; the graph's failure policy then stops the
 * graph (the default) or skips the segment and counts it. The message names the operator, the
 * segment (its timebase and sample range), its length, the configured size and what to change.
 *
 * <pre>{@code
 * graph.setFailurePolicy(fft, FailurePolicy.skip(100));   // tolerate a few odd windows, counted
 * }</pre>
 */
public final class SegSizeException extends StreamFlexError {
    private static final long serialVersionUID = 1L;

    private final String operator;
    private final String segment;
    private final int length;
    private final int expected;

    /**
     * An error about {@code segment} of {@code length} elements given to {@code operator}.
     *
     * @param operator the operator's class, as users know it ({@code "Fft"})
     * @param segment the segment, as its {@code toString()} names it
     * @param length the segment's length
     * @param expected the size the operator was configured for
     * @param what what is wrong and what to do, a sentence fragment after the segment's description
     */
    public SegSizeException(String operator, String segment, int length, int expected, String what) {
        super(operator + " configured for " + expected + " got " + segment + " of " + length + ": " + what);
        this.operator = operator;
        this.segment = segment;
        this.length = length;
        this.expected = expected;
    }

    /** The operator's class name. */
    public String operator() {
        return operator;
    }

    /** The segment's description: its class, timebase and sample range. */
    public String segment() {
        return segment;
    }

    /** The segment's length. */
    public int length() {
        return length;
    }

    /** The size the operator was configured for. */
    public int expected() {
        return expected;
    }
}
