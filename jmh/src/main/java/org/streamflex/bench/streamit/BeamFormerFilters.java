package org.streamflex.bench.streamit;

import java.util.Arrays;
import org.streamflex.Filter;
import org.streamflex.FloatChannel;
import org.streamflex.IntChannel;
import org.streamflex.Rate;
import org.streamflex.TimeChannel;

/**
 * The filters of StreamIt's SerializedBeamFormer, as a StreamFlex user writes them: each
 * {@code work()} is one StreamIt firing, moving exactly the items its {@code @Rate}s declare, so
 * the whole program is one static subgraph ({@code SerializedBeamFormer.schedule()}).
 */
public final class BeamFormerFilters {
    private BeamFormerFilters() {
    }

    /**
     * Starts a batch of steady-state iterations: the 12 sources take no input in StreamIt ({@code
     * roundrobin(0)}), so one clock drives them through a duplicate splitter, one token per firing
     * of each: two per iteration, and one release carries a batch of B iterations
     * ({@link IterationBatch}). A {@code @Rate} is a constant, so each batch has a subclass of its
     * own ({@link #ofBatch}) declaring its rate.
     */
    public abstract static class Pulse extends Filter {
        /** InputGenerate firings in one steady-state iteration. */
        static final int FIRINGS_PER_ITERATION = 2;
        @SuppressWarnings("UnusedVariable") // the clock releases the filter through it; work() does not read the time
        private TimeChannel timer;

        /**
         * The class whose work() starts {@code batch} iterations, {@code batch} a power of two up to
         * {@link IterationBatch#MAX}.
         */
        static Class<? extends Pulse> ofBatch(int batch) {
            return switch (batch) {
                case 1 -> Pulse1.class;
                case 2 -> Pulse2.class;
                case 4 -> Pulse4.class;
                case 8 -> Pulse8.class;
                case 16 -> Pulse16.class;
                case 32 -> Pulse32.class;
                case 64 -> Pulse64.class;
                default -> throw new IllegalArgumentException(IterationBatch.unsupported(batch));
            };
        }

        final void emit(IntChannel out, int iterations) {
            for (int i = 0; i < iterations; i++) {
                out.put(0);
                out.put(1);
            }
        }
    }

    /** {@link Pulse} for 1 iteration per release. */
    public static final class Pulse1 extends Pulse {
        @Rate(1 * FIRINGS_PER_ITERATION)
        private IntChannel out;

        @Override
        public void work() {
            emit(out, 1);
        }
    }

    /** {@link Pulse} for 2 iterations per release. */
    public static final class Pulse2 extends Pulse {
        @Rate(2 * FIRINGS_PER_ITERATION)
        private IntChannel out;

        @Override
        public void work() {
            emit(out, 2);
        }
    }

    /** {@link Pulse} for 4 iterations per release. */
    public static final class Pulse4 extends Pulse {
        @Rate(4 * FIRINGS_PER_ITERATION)
        private IntChannel out;

        @Override
        public void work() {
            emit(out, 4);
        }
    }

    /** {@link Pulse} for 8 iterations per release. */
    public static final class Pulse8 extends Pulse {
        @Rate(8 * FIRINGS_PER_ITERATION)
        private IntChannel out;

        @Override
        public void work() {
            emit(out, 8);
        }
    }

    /** {@link Pulse} for 16 iterations per release. */
    public static final class Pulse16 extends Pulse {
        @Rate(16 * FIRINGS_PER_ITERATION)
        private IntChannel out;

        @Override
        public void work() {
            emit(out, 16);
        }
    }

    /** {@link Pulse} for 32 iterations per release. */
    public static final class Pulse32 extends Pulse {
        @Rate(32 * FIRINGS_PER_ITERATION)
        private IntChannel out;

        @Override
        public void work() {
            emit(out, 32);
        }
    }

    /** {@link Pulse} for 64 iterations per release. */
    public static final class Pulse64 extends Pulse {
        @Rate(64 * FIRINGS_PER_ITERATION)
        private IntChannel out;

        @Override
        public void work() {
            emit(out, 64);
        }
    }

    /**
     * StreamIt's {@code InputGenerate}: per token, channel c's sample s as {@code -sqrt(s*c)} and
     * {@code -(sqrt(s*c) + 1)}, or, for the target, {@code sqrt(s*c)} and {@code sqrt(s*c) + 1}.
     */
    public static final class InputGenerate extends Filter {
        @Rate(1)
        private IntChannel in;
        @Rate(2)
        private FloatChannel out;
        private int channel;
        private int sample;

        void channel(int c) {
            channel = c;
        }

        @Override
        public void work() {
            in.take();
            float v = (float) Math.sqrt(sample * channel);
            if (channel == SerializedBeamFormer.TARGET_BEAM && sample == SerializedBeamFormer.TARGET_SAMPLE) {
                out.put(v);
                out.put(v + 1);
            } else {
                out.put(-v);
                out.put(-(v + 1));
            }
            sample = sample + 1 == SerializedBeamFormer.SAMPLES ? 0 : sample + 1;
        }
    }

    /**
     * StreamIt's {@code BeamFirFilter} state and arithmetic: a complex FIR over a delay line that is
     * cleared every {@code inputLength} input samples. The subclasses are its two rates (a
     * {@code @Rate} is a constant, StreamIt's {@code pop 2*decimationRatio} a parameter).
     *
     * <p>It keeps, instead of the delay line, the partial sums of the next {@code taps} outputs (the
     * FIR's transposed form): each sample adds its term to all of them in one pass over the taps,
     * element by element, which the JIT vectorizes; StreamIt's form, one sum over the delay line per
     * output, is a chain of dependent additions that it may not. Each output is the same terms, each
     * computed as StreamIt computes it, added oldest first where StreamIt adds newest first: within
     * the traces' tolerance, not to the bit (jmh/README.md, StreamIt programs).
     */
    abstract static class BeamFirFilter extends Filter {
        static final int MAX_TAPS = 512;
        private final float[] realWeight = new float[MAX_TAPS];
        private final float[] imagWeight = new float[MAX_TAPS];
        /**
         * Slot {@code k}: the sum of the terms, so far, of the output {@code k} firings after the
         * next one's; the next output is slot 0 plus the next sample's own term.
         */
        private final float[] realPartial = new float[MAX_TAPS];
        private final float[] imagPartial = new float[MAX_TAPS];
        private int taps;
        private int inputLength;
        private int count;
        private float real;
        private float imag;

        /** {@code numTaps}, a power of two up to {@link #MAX_TAPS}, as StreamIt's masks assume. */
        void configure(int numTaps, int length) {
            if (numTaps > MAX_TAPS || Integer.bitCount(numTaps) != 1) {
                throw new IllegalArgumentException("taps must be a power of two up to " + MAX_TAPS + ": " + numTaps);
            }
            taps = numTaps;
            inputLength = length;
            for (int j = 0; j < numTaps; j++) {
                int idx = j + 1;
                realWeight[j] = (float) Math.sin(idx) / idx;
                imagWeight[j] = (float) Math.cos(idx) / idx;
            }
        }

        /**
         * One firing's arithmetic: takes the complex sample {@code (re, im)} in as the newest and
         * computes the output, {@link #real()} and {@link #imag()}. The sample's term for the output
         * {@code k} firings on uses weight {@code k}, as StreamIt's sum gives the sample that is
         * {@code k} old; slot {@code k + 1} moves to {@code k} with it, so every index is the loop's
         * own plus a constant, which the JIT needs to vectorize the loop.
         */
        final void filter(float re, float im) {
            float[] rw = realWeight;
            float[] iw = imagWeight;
            float[] rp = realPartial;
            float[] ip = imagPartial;
            int last = taps - 1;
            real = rp[0] + (re * rw[0] + im * iw[0]);
            imag = ip[0] + (im * rw[0] + re * iw[0]);
            for (int k = 0; k < last; k++) {
                float a = rw[k + 1];
                float b = iw[k + 1];
                rp[k] = rp[k + 1] + (re * a + im * b);
                ip[k] = ip[k + 1] + (im * a + re * b);
            }
            rp[last] = 0f;
            ip[last] = 0f;
        }

        /** The real part of the last output. */
        final float real() {
            return real;
        }

        /** The imaginary part of the last output. */
        final float imag() {
            return imag;
        }

        /**
         * Ends a firing that consumed {@code decimation} complex samples: StreamIt's count and reset,
         * whose cleared delay line leaves no term in any output still to come.
         */
        final void advance(int decimation) {
            count += decimation;
            if (count == inputLength) {
                count = 0;
                Arrays.fill(realPartial, 0, taps, 0f);
                Arrays.fill(imagPartial, 0, taps, 0f);
            }
        }
    }

    /** {@code BeamFirFilter(taps, length, 1)}: pops 2 (one complex sample), pushes 2. */
    public static final class BeamFir extends BeamFirFilter {
        @Rate(2)
        private FloatChannel in;
        @Rate(2)
        private FloatChannel out;

        @Override
        public void work() {
            filter(in.take(), in.take());
            out.put(real());
            out.put(imag());
            advance(1);
        }
    }

    /** {@code BeamFirFilter(taps, length, 2)}: pops 4 (two complex samples, the second dropped), pushes 2. */
    public static final class DecimatingBeamFir extends BeamFirFilter {
        @Rate(4)
        private FloatChannel in;
        @Rate(2)
        private FloatChannel out;

        @Override
        public void work() {
            filter(in.take(), in.take());
            in.skip(2);
            out.put(real());
            out.put(imag());
            advance(2);
        }
    }

    /** StreamIt's {@code BeamForm}: beam b's weighted sum of the 12 channels' complex samples. */
    public static final class BeamForm extends Filter {
        static final int CHANNELS = 12;
        @Rate(2 * CHANNELS)
        private FloatChannel in;
        @Rate(2)
        private FloatChannel out;
        private final float[] realWeight = new float[CHANNELS];
        private final float[] imagWeight = new float[CHANNELS];

        void beam(int b) {
            for (int j = 0; j < CHANNELS; j++) {
                int idx = j + 1;
                realWeight[j] = (float) Math.sin(idx) / (b + idx);
                imagWeight[j] = (float) Math.cos(idx) / (b + idx);
            }
        }

        @Override
        public void work() {
            float re = 0;
            float im = 0;
            for (int j = 0; j < CHANNELS; j++) {
                float r = in.take();
                float i = in.take();
                re += realWeight[j] * r - imagWeight[j] * i;
                im += realWeight[j] * i + imagWeight[j] * r;
            }
            out.put(re);
            out.put(im);
        }
    }

    /** StreamIt's {@code Magnitude}: pops re, im; pushes the magnitude. */
    public static final class Magnitude extends Filter {
        @Rate(2)
        private FloatChannel in;
        @Rate(1)
        private FloatChannel out;

        @Override
        public void work() {
            float re = in.take();
            float im = in.take();
            out.put((float) Math.sqrt(re * re + im * im));
        }
    }
}
