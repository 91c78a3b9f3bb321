package org.streamflex.checker.snippetlib;

import org.streamflex.Shared;

/**
 * A shared class on the snippets' class path, shaped as the DSP library's segments are: a static
 * factory over a reference-immutable clock, whose code allocates the segment and its samples.
 */
public final class Segment extends Shared {
    private final float[] samples;
    private final long start;

    private Segment(int length, long start) {
        this.samples = new float[length];
        this.start = start;
    }

    /** A segment of {@code length} samples from sample number {@code start} of {@code clock}. */
    public static Segment make(SampleClock clock, long start, int length) {
        Segment s = new Segment(length, start + clock.originSample());
        s.revive();
        return s;
    }

    public int length() {
        return samples.length;
    }

    public float at(int i) {
        return samples[i];
    }

    public long start() {
        return start;
    }

    @Override
    protected void freed() {
    }
}
