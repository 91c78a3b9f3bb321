package org.streamflex.bench.streamit;

import org.streamflex.Filter;
import org.streamflex.FloatChannel;
import org.streamflex.IntChannel;
import org.streamflex.TimeChannel;

/** The filters of StreamIt's SerializedBeamFormer, as a StreamFlex user writes them. */
public final class BeamFormerFilters {
    private BeamFormerFilters() {
    }

    /**
     * Starts a steady-state iteration: the 12 sources take no input in StreamIt ({@code
     * roundrobin(0)}), so one clock drives them through a duplicate splitter, two firings each.
     */
    public static final class Pulse extends Filter {
        @SuppressWarnings("UnusedVariable") // the clock releases the filter through it; work() does not read the time
        private TimeChannel timer;
        private IntChannel out;

        @Override
        public void work() {
            out.put(0);
            out.put(1);
        }
    }

    /** Channel c's samples: per firing, {@code -sqrt(s*c)} and {@code -(sqrt(s*c) + 1)}, or the target. */
    public static final class InputGenerate extends Filter {
        private IntChannel in;
        private FloatChannel out;
        private int channel;
        private int iter;

        void channel(int c) {
            channel = c;
        }

        @Override
        public void work() {
            while (in.size() > 0) {
                in.take();
                int s = iter % SerializedBeamFormer.SAMPLES;
                float v = (float) Math.sqrt(s * channel);
                if (channel == SerializedBeamFormer.TARGET_BEAM && s == SerializedBeamFormer.TARGET_SAMPLE) {
                    out.put(v);
                    out.put(v + 1);
                } else {
                    out.put(-v);
                    out.put(-(v + 1));
                }
                iter++;
            }
        }
    }

    /** A complex FIR over circular buffers, decimating by {@code dec}: pops 2*dec, pushes 2. */
    public static final class BeamFir extends Filter {
        static final int MAX_TAPS = 512;
        private FloatChannel in;
        private FloatChannel out;
        private final float[] realWeight = new float[MAX_TAPS];
        private final float[] imagWeight = new float[MAX_TAPS];
        private final float[] realBuffer = new float[MAX_TAPS];
        private final float[] imagBuffer = new float[MAX_TAPS];
        private int taps;
        private int inputLength;
        private int dec;
        private int pos;
        private int iter;

        void configure(int numTaps, int length, int decimation) {
            taps = numTaps;
            inputLength = length;
            dec = decimation;
            for (int j = 0; j < numTaps; j++) {
                int idx = j + 1;
                realWeight[j] = (float) Math.sin(idx) / idx;
                imagWeight[j] = (float) Math.cos(idx) / idx;
            }
        }

        @Override
        protected boolean trigger() {
            return in.size() >= 2 * dec;
        }

        @Override
        public void work() {
            int mask = taps - 1;
            while (in.size() >= 2 * dec) {
                int count = (iter * dec) % inputLength;
                realBuffer[mask - pos] = in.take();
                imagBuffer[mask - pos] = in.take();
                float re = 0;
                float im = 0;
                int m = mask - pos;
                for (int i = 0; i < taps; i++) {
                    re += realBuffer[m] * realWeight[i] + imagBuffer[m] * imagWeight[i];
                    im += imagBuffer[m] * realWeight[i] + realBuffer[m] * imagWeight[i];
                    m = (m + 1) & mask;
                }
                pos = (pos + 1) & mask;
                out.put(re);
                out.put(im);
                in.skip(2 * dec - 2);
                count += dec;
                if (count == inputLength) {
                    pos = 0;
                    for (int i = 0; i < taps; i++) {
                        realBuffer[i] = 0;
                        imagBuffer[i] = 0;
                    }
                }
                iter++;
            }
        }
    }

    /** Beam b: pops 12 complex samples, pushes their weighted sum. */
    public static final class BeamForm extends Filter {
        static final int CHANNELS = 12;
        private FloatChannel in;
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
        protected boolean trigger() {
            return in.size() >= 2 * CHANNELS;
        }

        @Override
        public void work() {
            while (in.size() >= 2 * CHANNELS) {
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
    }

    /** Pops re, im; pushes the magnitude. */
    public static final class Magnitude extends Filter {
        private FloatChannel in;
        private FloatChannel out;

        @Override
        protected boolean trigger() {
            return in.size() >= 2;
        }

        @Override
        public void work() {
            while (in.size() >= 2) {
                float re = in.take();
                float im = in.take();
                out.put((float) Math.sqrt(re * re + im * im));
            }
        }
    }
}
