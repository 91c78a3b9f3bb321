package org.streamflex.dsp.testing;

/**
 * The value every test source gives a sample: a function of its timebase id and sample number,
 * exact in a {@code double}, so that a sink can check that each sample it receives is the one its
 * time says, wherever it was cut, joined or copied.
 */
public final class Samples {
    private Samples() {
    }

    /** The value of sample {@code sample} of the timebase with id {@code timebase}. */
    public static double value(int timebase, long sample) {
        return timebase * 4_294_967_296.0 + sample;
    }
}
