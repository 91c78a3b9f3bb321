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
     * Starts a steady-state iteration: the 12 sources take no input in StreamIt ({@code
     * roundrobin(0)}), so one clock drives them through a duplicate splitter, one token per firing
     * of each: two per release.
     */
    public static final class Pulse extends Filter {
        static final int FIRINGS_PER_RELEASE = 2;
        @SuppressWarnings("UnusedVariable") // the clock releases the filter through it; work() does not read the time
        private TimeChannel timer;
        @Rate(FIRINGS_PER_RELEASE)
        private IntChannel out;

        @Override
        public void work() {
            out.put(0);
            out.put(1);
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
     */
    abstract static class BeamFirFilter extends Filter {
        static final int MAX_TAPS = 512;
        private final float[] realWeight = new float[MAX_TAPS];
        private final float[] imagWeight = new float[MAX_TAPS];
        /**
         * The delay line twice over (slot {@code k} at {@code k} and {@code k + taps}), so that the
         * {@code taps} items from the newest on are contiguous: StreamIt's {@code (modPos + 1) &
         * numTapsMinusOne} walk becomes a loop with no wrap-around.
         */
        private final float[] realBuffer = new float[2 * MAX_TAPS];
        private final float[] imagBuffer = new float[2 * MAX_TAPS];
        private int taps;
        private int inputLength;
        private int pos;
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
         * One firing's arithmetic: puts the complex sample {@code (re, im)} into the delay line as the
         * newest and computes the output, {@link #real()} and {@link #imag()}. Both sums run in one
         * loop, each in StreamIt's order (so the outputs are StreamIt's to the bit): two independent
         * chains of additions, which the processor overlaps.
         */
        final void filter(float re, float im) {
            int from = taps - 1 - pos;
            realBuffer[from] = re;
            realBuffer[from + taps] = re;
            imagBuffer[from] = im;
            imagBuffer[from + taps] = im;
            float realSum = 0;
            float imagSum = 0;
            for (int i = 0; i < taps; i++) {
                float r = realBuffer[from + i];
                float m = imagBuffer[from + i];
                realSum += r * realWeight[i] + m * imagWeight[i];
                imagSum += m * realWeight[i] + r * imagWeight[i];
            }
            real = realSum;
            imag = imagSum;
        }

        /** The real part of the last output. */
        final float real() {
            return real;
        }

        /** The imaginary part of the last output. */
        final float imag() {
            return imag;
        }

        /** Ends a firing that consumed {@code decimation} complex samples: StreamIt's count and reset. */
        final void advance(int decimation) {
            pos = (pos + 1) & (taps - 1);
            count += decimation;
            if (count == inputLength) {
                count = 0;
                pos = 0;
                Arrays.fill(realBuffer, 0, 2 * taps, 0f);
                Arrays.fill(imagBuffer, 0, 2 * taps, 0f);
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
