package org.streamflex.bench.predict;

import org.streamflex.Filter;
import org.streamflex.FloatChannel;

/**
 * The SerializedBeamFormer stand-in of the paper's Figure 18/19 set-up: each release takes a
 * frame of samples and runs a FIR loop whose length is calibrated to a target time (50 us in the
 * paper's run), the same loop as the native reference's {@code compute}. To be replaced by the real
 * BeamFormer port once the StreamIt benchmarks exist.
 */
public final class CalibratedWork extends Filter {
    static final int TAPS = 256;

    private FloatChannel in;
    private FloatChannel out;
    private final float[] state = new float[TAPS];
    private final float[] coeff = new float[TAPS];
    private int rounds = 1;

    public CalibratedWork() {
        initialize(state, coeff);
    }

    static void initialize(float[] state, float[] coeff) {
        for (int i = 0; i < TAPS; i++) {
            state[i] = (i % 7) * 0.01f;
            coeff[i] = 1.0f / (i + 1);
        }
    }

    /** Sets the loop length, from {@link #calibrate(long)}; before the graph starts. */
    void rounds(int rounds) {
        this.rounds = rounds;
    }

    @Override
    public void work() {
        while (in.size() > 0) {
            state[0] += in.take();
        }
        out.put(compute(state, coeff, rounds));
    }

    /** A FIR over a state that feeds back, so that the JIT cannot drop or hoist it. */
    static float compute(float[] state, float[] coeff, int rounds) {
        float acc = 0;
        for (int r = 0; r < rounds; r++) {
            for (int i = 0; i < TAPS; i++) {
                acc += state[i] * coeff[(i + r) & (TAPS - 1)];
            }
            state[r & (TAPS - 1)] = acc * 1e-3f;
        }
        return acc;
    }

    /**
     * The number of rounds that takes {@code workNanos} on this machine, once the loop is compiled:
     * the best of 200 timed runs, as the native reference calibrates.
     */
    static int calibrate(long workNanos) {
        float[] state = new float[TAPS];
        float[] coeff = new float[TAPS];
        initialize(state, coeff);
        float sink = 0;
        for (int i = 0; i < 20_000; i++) {
            sink += compute(state, coeff, 20);
        }
        long best = Long.MAX_VALUE;
        for (int i = 0; i < 200; i++) {
            long t0 = System.nanoTime();
            sink += compute(state, coeff, 100);
            best = Math.min(best, System.nanoTime() - t0);
        }
        if (sink == 42) {
            System.out.print("");
        }
        return (int) Math.max(1, workNanos / (best / 100.0));
    }
}
