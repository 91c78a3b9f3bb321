package org.streamflex.bench.streamit.plain;

/** The nodes of both programs as plain Java objects: the same arithmetic as the StreamFlex filters. */
public final class PlainNodes {
    private PlainNodes() {
    }

    private static int[] ones(int n) {
        int[] a = new int[n];
        java.util.Arrays.fill(a, 1);
        return a;
    }

    /** Pops 1 and keeps it (the first values, for checks) and counts it. */
    public static final class Printer extends Node {
        public final float[] kept;
        public long count;

        public Printer(int keep) {
            super(new int[] {1}, 0, 0);
            kept = new float[keep];
        }

        @Override
        public void fire(In[] in, Out[] out) {
            float v = in[0].pop();
            if (count < kept.length) {
                kept[(int) count] = v;
            }
            count++;
        }
    }

    /** Every item to every output. */
    public static final class Duplicate extends Node {
        public Duplicate(int outputs) {
            super(new int[] {1}, outputs, 0);
        }

        @Override
        public void fire(In[] in, Out[] out) {
            float v = in[0].pop();
            for (Out o : out) {
                o.push(v);
            }
        }
    }

    /** {@code weight} items from each input in turn. */
    public static final class RoundRobinJoin extends Node {
        private final int weight;

        public RoundRobinJoin(int inputs, int weight) {
            super(fill(inputs, weight), 1, 0);
            this.weight = weight;
        }

        private static int[] fill(int n, int w) {
            int[] a = new int[n];
            java.util.Arrays.fill(a, w);
            return a;
        }

        @Override
        public void fire(In[] in, Out[] out) {
            for (In i : in) {
                for (int k = 0; k < weight; k++) {
                    out[0].push(i.pop());
                }
            }
        }
    }

    // ------------------------------------------------------------ FilterBankNew

    public static final class FbSource extends Node {
        private float current;

        public FbSource() {
            super(new int[0], 1, 8);
        }

        @Override
        public void fire(In[] in, Out[] out) {
            out[0].push(current);
            current = current > 1000 ? 0 : current + 1;
        }
    }

    public static final class Delay extends Node {
        private final int zeros;
        private boolean primed;

        public Delay(int zeros) {
            super(new int[] {1}, 1, 0);
            this.zeros = zeros;
        }

        @Override
        public void fire(In[] in, Out[] out) {
            if (!primed) {
                for (int i = 0; i < zeros; i++) {
                    out[0].push(0f);
                }
                primed = true;
            }
            out[0].push(in[0].pop());
        }
    }

    public static final class Fir extends Node {
        private final float[] coeff;

        public Fir(float[] coeff) {
            super(new int[] {coeff.length}, 1, 0);
            this.coeff = coeff.clone();
        }

        @Override
        public void fire(In[] in, Out[] out) {
            int n = coeff.length;
            float sum = 0;
            for (int i = 0; i < n; i++) {
                sum += in[0].peek(i) * coeff[n - 1 - i];
            }
            out[0].push(sum);
            in[0].pop();
        }
    }

    public static final class DownSamp extends Node {
        public DownSamp() {
            super(new int[] {8}, 1, 0);
        }

        @Override
        public void fire(In[] in, Out[] out) {
            out[0].push(in[0].pop());
            for (int i = 0; i < 7; i++) {
                in[0].pop();
            }
        }
    }

    public static final class UpSamp extends Node {
        public UpSamp() {
            super(ones(1), 1, 0);
        }

        @Override
        public void fire(In[] in, Out[] out) {
            out[0].push(in[0].pop());
            for (int i = 0; i < 7; i++) {
                out[0].push(0f);
            }
        }
    }

    public static final class Combine extends Node {
        public Combine() {
            super(new int[] {8}, 1, 0);
        }

        @Override
        public void fire(In[] in, Out[] out) {
            float sum = 0;
            for (int i = 0; i < 8; i++) {
                sum += in[0].pop();
            }
            out[0].push(sum);
        }
    }

    // ------------------------------------------------------------ SerializedBeamFormer

    public static final class InputGenerate extends Node {
        private final int channel;
        private int iter;

        public InputGenerate(int channel) {
            super(new int[0], 1, 2);
            this.channel = channel;
        }

        @Override
        public void fire(In[] in, Out[] out) {
            int s = iter % 1024;
            float v = (float) Math.sqrt(s * channel);
            if (channel == 1 && s == 256) {
                out[0].push(v);
                out[0].push(v + 1);
            } else {
                out[0].push(-v);
                out[0].push(-(v + 1));
            }
            iter++;
        }
    }

    public static final class BeamFir extends Node {
        private final float[] realWeight;
        private final float[] imagWeight;
        private final float[] realBuffer;
        private final float[] imagBuffer;
        private final int taps;
        private final int inputLength;
        private final int dec;
        private int pos;
        private int iter;

        public BeamFir(int taps, int inputLength, int dec) {
            super(new int[] {2 * dec}, 1, 0);
            this.taps = taps;
            this.inputLength = inputLength;
            this.dec = dec;
            realWeight = new float[taps];
            imagWeight = new float[taps];
            realBuffer = new float[taps];
            imagBuffer = new float[taps];
            for (int j = 0; j < taps; j++) {
                int idx = j + 1;
                realWeight[j] = (float) Math.sin(idx) / idx;
                imagWeight[j] = (float) Math.cos(idx) / idx;
            }
        }

        @Override
        public void fire(In[] in, Out[] out) {
            int mask = taps - 1;
            int count = (iter * dec) % inputLength;
            realBuffer[mask - pos] = in[0].pop();
            imagBuffer[mask - pos] = in[0].pop();
            float re = 0;
            float im = 0;
            int m = mask - pos;
            for (int i = 0; i < taps; i++) {
                re += realBuffer[m] * realWeight[i] + imagBuffer[m] * imagWeight[i];
                im += imagBuffer[m] * realWeight[i] + realBuffer[m] * imagWeight[i];
                m = (m + 1) & mask;
            }
            pos = (pos + 1) & mask;
            out[0].push(re);
            out[0].push(im);
            for (int i = 2; i < 2 * dec; i++) {
                in[0].pop();
            }
            count += dec;
            if (count == inputLength) {
                pos = 0;
                java.util.Arrays.fill(realBuffer, 0);
                java.util.Arrays.fill(imagBuffer, 0);
            }
            iter++;
        }
    }

    public static final class BeamForm extends Node {
        private final float[] realWeight = new float[12];
        private final float[] imagWeight = new float[12];

        public BeamForm(int beam) {
            super(new int[] {24}, 1, 0);
            for (int j = 0; j < 12; j++) {
                int idx = j + 1;
                realWeight[j] = (float) Math.sin(idx) / (beam + idx);
                imagWeight[j] = (float) Math.cos(idx) / (beam + idx);
            }
        }

        @Override
        public void fire(In[] in, Out[] out) {
            float re = 0;
            float im = 0;
            for (int j = 0; j < 12; j++) {
                float r = in[0].pop();
                float i = in[0].pop();
                re += realWeight[j] * r - imagWeight[j] * i;
                im += realWeight[j] * i + imagWeight[j] * r;
            }
            out[0].push(re);
            out[0].push(im);
        }
    }

    public static final class Magnitude extends Node {
        public Magnitude() {
            super(new int[] {2}, 1, 0);
        }

        @Override
        public void fire(In[] in, Out[] out) {
            float re = in[0].pop();
            float im = in[0].pop();
            out[0].push((float) Math.sqrt(re * re + im * im));
        }
    }
}
