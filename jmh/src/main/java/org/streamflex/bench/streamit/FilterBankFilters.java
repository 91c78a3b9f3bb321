package org.streamflex.bench.streamit;

import org.streamflex.Filter;
import org.streamflex.FloatChannel;
import org.streamflex.Rate;
import org.streamflex.TimeChannel;

/**
 * The filters of StreamIt's FilterBankNew, as a StreamFlex user writes them: each {@code work()}
 * is one StreamIt firing, moving exactly the items its {@code @Rate}s declare, so the whole program
 * is one static subgraph ({@code FilterBankGraph.schedule()}).
 */
public final class FilterBankFilters {
    private FilterBankFilters() {
    }

    /**
     * StreamIt's {@code source}: pushes 0, 1, ..., 1001, 0, 1, ... A clock releases it once per
     * release, and one release carries a batch of B steady-state iterations
     * ({@link IterationBatch}), so one {@code work()} is StreamIt's {@code 8 * B} firings of one item
     * each. A {@code @Rate} is a constant, so each batch has a subclass of its own
     * ({@link #ofBatch}) declaring its rate.
     */
    public abstract static class Source extends Filter {
        /** StreamIt firings of the source in one steady-state iteration. */
        static final int PER_ITERATION = 8;
        @SuppressWarnings("UnusedVariable") // the clock releases the filter through it; work() does not read the time
        private TimeChannel timer;
        private float current;

        /**
         * The class whose work() puts {@code batch} iterations' items, {@code batch} a power of two up
         * to {@link IterationBatch#MAX}.
         */
        static Class<? extends Source> ofBatch(int batch) {
            return switch (batch) {
                case 1 -> Source1.class;
                case 2 -> Source2.class;
                case 4 -> Source4.class;
                case 8 -> Source8.class;
                case 16 -> Source16.class;
                case 32 -> Source32.class;
                case 64 -> Source64.class;
                default -> throw new IllegalArgumentException(IterationBatch.unsupported(batch));
            };
        }

        final void emit(FloatChannel out, int items) {
            for (int i = 0; i < items; i++) {
                out.put(current);
                current = current > 1000 ? 0 : current + 1;
            }
        }
    }

    /** {@link Source} for 1 iteration per release. */
    public static final class Source1 extends Source {
        @Rate(1 * PER_ITERATION)
        private FloatChannel out;

        @Override
        public void work() {
            emit(out, 1 * PER_ITERATION);
        }
    }

    /** {@link Source} for 2 iterations per release. */
    public static final class Source2 extends Source {
        @Rate(2 * PER_ITERATION)
        private FloatChannel out;

        @Override
        public void work() {
            emit(out, 2 * PER_ITERATION);
        }
    }

    /** {@link Source} for 4 iterations per release. */
    public static final class Source4 extends Source {
        @Rate(4 * PER_ITERATION)
        private FloatChannel out;

        @Override
        public void work() {
            emit(out, 4 * PER_ITERATION);
        }
    }

    /** {@link Source} for 8 iterations per release. */
    public static final class Source8 extends Source {
        @Rate(8 * PER_ITERATION)
        private FloatChannel out;

        @Override
        public void work() {
            emit(out, 8 * PER_ITERATION);
        }
    }

    /** {@link Source} for 16 iterations per release. */
    public static final class Source16 extends Source {
        @Rate(16 * PER_ITERATION)
        private FloatChannel out;

        @Override
        public void work() {
            emit(out, 16 * PER_ITERATION);
        }
    }

    /** {@link Source} for 32 iterations per release. */
    public static final class Source32 extends Source {
        @Rate(32 * PER_ITERATION)
        private FloatChannel out;

        @Override
        public void work() {
            emit(out, 32 * PER_ITERATION);
        }
    }

    /** {@link Source} for 64 iterations per release. */
    public static final class Source64 extends Source {
        @Rate(64 * PER_ITERATION)
        private FloatChannel out;

        @Override
        public void work() {
            emit(out, 64 * PER_ITERATION);
        }
    }

    /**
     * StreamIt's {@code Delay_N(TAPS - 1)} followed by {@code FirFilter(TAPS, coeff)}, one release's
     * firings per {@code work()}: each firing pops 1 and pushes {@code sum of w[i] * coeff[TAPS - 1 - i]}
     * over the window {@code w} of the last {@code TAPS} items, oldest first, summed in that order as
     * StreamIt does (so the outputs are StreamIt's to the bit).
     *
     * <p>One filter for the two because the delay's prework pushes {@code TAPS - 1} zeros before
     * its first firing, which no declared rate can say: a StreamFlex channel starts empty, and a
     * work() that put them would break its rate. So the zeros start in this filter's window instead
     * of in the channel, and the FIR keeps its window itself rather than peeking {@code TAPS} items
     * of which {@code TAPS - 1} stay in the channel: the same items in the same order, with nothing
     * for a scheduler to fill before the first iteration.
     *
     * <p>A block of firings per {@code work()}, all of a release's ({@link #PER_ITERATION} per
     * steady-state iteration times the batch, so each batch has a subclass of its own declaring its
     * rate, {@link #ofBatch}), because one firing's sum is a chain of {@code TAPS} dependent additions
     * that Java may not reorder, while a block's sums are independent: {@link #fire} adds one tap's
     * products to every sum of the block in one loop, tap after tap, which C2 vectorizes. Each sum
     * still adds its products oldest first, so nothing is rounded differently.
     */
    public abstract static class DelayedFir extends Filter {
        static final int TAPS = 32;
        /** StreamIt firings of each FIR in one steady-state iteration. */
        static final int PER_ITERATION = 8;
        /**
         * The least block {@link #sum} computes tap by tap: below it, its 32 loops are each too short to
         * pay for their vectorized set-up, and {@link #eightSums} runs 8 sums side by side instead
         * (measured: a batch of 1 took twice the time tap by tap, a batch of 8 less).
         */
        static final int TAP_BY_TAP = 8 * PER_ITERATION;
        /** StreamIt firings per work(). */
        private final int block;
        /** {@code coeff} reversed, so that window item i meets {@code reversed[i]}. */
        private final float[] reversed = new float[TAPS];
        /**
         * The last {@code TAPS - 1} items, oldest first, then the block's new ones: output {@code o}'s
         * window is the {@code TAPS} items from {@code o}.
         */
        private final float[] items;
        /** The block's sums, built up tap by tap. */
        private final float[] sums;

        DelayedFir(int block) {
            if (block < 1) {
                throw new IllegalArgumentException("a block of " + block + " firings");
            }
            this.block = block;
            this.items = new float[TAPS - 1 + block];
            this.sums = new float[block];
        }

        /**
         * The class whose work() is {@code batch} iterations' firings, {@code batch} a power of two up
         * to {@link IterationBatch#MAX}.
         */
        static Class<? extends DelayedFir> ofBatch(int batch) {
            return switch (batch) {
                case 1 -> DelayedFir1.class;
                case 2 -> DelayedFir2.class;
                case 4 -> DelayedFir4.class;
                case 8 -> DelayedFir8.class;
                case 16 -> DelayedFir16.class;
                case 32 -> DelayedFir32.class;
                case 64 -> DelayedFir64.class;
                default -> throw new IllegalArgumentException(IterationBatch.unsupported(batch));
            };
        }

        /** StreamIt firings in one work(). */
        int block() {
            return block;
        }

        void coefficients(float[] c) {
            for (int i = 0; i < TAPS; i++) {
                reversed[i] = c[TAPS - 1 - i];
            }
        }

        /** One work(): takes the block's items, puts its {@code block} sums. */
        final void fire(FloatChannel in, FloatChannel out) {
            float[] x = items;
            float[] s = sums;
            int n = block;
            in.take(x, TAPS - 1, n);
            if (n < TAP_BY_TAP) {
                for (int from = 0; from < n; from += PER_ITERATION) {
                    eightSums(s, x, reversed, from);
                }
            } else {
                sum(s, x, reversed, n);
            }
            out.put(s, 0, n);
            System.arraycopy(x, n, x, 0, TAPS - 1);
        }

        /**
         * Sets {@code s[from]} to {@code s[from + 7]} as {@link #sum} does, 8 sums side by side in one pass
         * over the taps: 8 independent chains of scalar additions, which the processor overlaps.
         */
        static void eightSums(float[] s, float[] x, float[] c, int from) {
            float s0 = 0;
            float s1 = 0;
            float s2 = 0;
            float s3 = 0;
            float s4 = 0;
            float s5 = 0;
            float s6 = 0;
            float s7 = 0;
            for (int i = 0; i < TAPS; i++) {
                float ci = c[i];
                int at = from + i;
                s0 += x[at] * ci;
                s1 += x[at + 1] * ci;
                s2 += x[at + 2] * ci;
                s3 += x[at + 3] * ci;
                s4 += x[at + 4] * ci;
                s5 += x[at + 5] * ci;
                s6 += x[at + 6] * ci;
                s7 += x[at + 7] * ci;
            }
            s[from] = s0;
            s[from + 1] = s1;
            s[from + 2] = s2;
            s[from + 3] = s3;
            s[from + 4] = s4;
            s[from + 5] = s5;
            s[from + 6] = s6;
            s[from + 7] = s7;
        }

        /**
         * Sets {@code s[o]}, for each {@code o < n}, to the sum over {@code i} from 0 to {@code TAPS - 1} of
         * {@code x[o + i] * c[i]}, added from {@code i = 0} on, starting from 0: StreamIt's FIR sum over
         * the window from {@code o}, oldest first, with {@code c} its coefficients reversed.
         * ({@code FirFloorBenchmark} times it alone.)
         */
        static void sum(float[] s, float[] x, float[] c, int n) {
            // One loop per tap, each adding that tap's products to all n sums: every index is the loop's
            // own plus a constant, which C2 vectorizes. A loop over the taps would make the offset a
            // variable, and one loop over the outputs with all 32 taps in its body is too big for C2 to
            // unroll: it vectorizes neither. Nor is the loop a method called with a constant tap: if C2
            // compiles that method on its own first, it no longer inlines it, and the tap is a variable
            // again (jmh/README.md, StreamIt programs, "The FIRs over a whole release").
            float c0 = c[0];
            for (int o = 0; o < n; o++) {
                s[o] = 0f + x[o] * c0;
            }
            float c1 = c[1];
            for (int o = 0; o < n; o++) {
                s[o] += x[o + 1] * c1;
            }
            float c2 = c[2];
            for (int o = 0; o < n; o++) {
                s[o] += x[o + 2] * c2;
            }
            float c3 = c[3];
            for (int o = 0; o < n; o++) {
                s[o] += x[o + 3] * c3;
            }
            float c4 = c[4];
            for (int o = 0; o < n; o++) {
                s[o] += x[o + 4] * c4;
            }
            float c5 = c[5];
            for (int o = 0; o < n; o++) {
                s[o] += x[o + 5] * c5;
            }
            float c6 = c[6];
            for (int o = 0; o < n; o++) {
                s[o] += x[o + 6] * c6;
            }
            float c7 = c[7];
            for (int o = 0; o < n; o++) {
                s[o] += x[o + 7] * c7;
            }
            float c8 = c[8];
            for (int o = 0; o < n; o++) {
                s[o] += x[o + 8] * c8;
            }
            float c9 = c[9];
            for (int o = 0; o < n; o++) {
                s[o] += x[o + 9] * c9;
            }
            float c10 = c[10];
            for (int o = 0; o < n; o++) {
                s[o] += x[o + 10] * c10;
            }
            float c11 = c[11];
            for (int o = 0; o < n; o++) {
                s[o] += x[o + 11] * c11;
            }
            float c12 = c[12];
            for (int o = 0; o < n; o++) {
                s[o] += x[o + 12] * c12;
            }
            float c13 = c[13];
            for (int o = 0; o < n; o++) {
                s[o] += x[o + 13] * c13;
            }
            float c14 = c[14];
            for (int o = 0; o < n; o++) {
                s[o] += x[o + 14] * c14;
            }
            float c15 = c[15];
            for (int o = 0; o < n; o++) {
                s[o] += x[o + 15] * c15;
            }
            float c16 = c[16];
            for (int o = 0; o < n; o++) {
                s[o] += x[o + 16] * c16;
            }
            float c17 = c[17];
            for (int o = 0; o < n; o++) {
                s[o] += x[o + 17] * c17;
            }
            float c18 = c[18];
            for (int o = 0; o < n; o++) {
                s[o] += x[o + 18] * c18;
            }
            float c19 = c[19];
            for (int o = 0; o < n; o++) {
                s[o] += x[o + 19] * c19;
            }
            float c20 = c[20];
            for (int o = 0; o < n; o++) {
                s[o] += x[o + 20] * c20;
            }
            float c21 = c[21];
            for (int o = 0; o < n; o++) {
                s[o] += x[o + 21] * c21;
            }
            float c22 = c[22];
            for (int o = 0; o < n; o++) {
                s[o] += x[o + 22] * c22;
            }
            float c23 = c[23];
            for (int o = 0; o < n; o++) {
                s[o] += x[o + 23] * c23;
            }
            float c24 = c[24];
            for (int o = 0; o < n; o++) {
                s[o] += x[o + 24] * c24;
            }
            float c25 = c[25];
            for (int o = 0; o < n; o++) {
                s[o] += x[o + 25] * c25;
            }
            float c26 = c[26];
            for (int o = 0; o < n; o++) {
                s[o] += x[o + 26] * c26;
            }
            float c27 = c[27];
            for (int o = 0; o < n; o++) {
                s[o] += x[o + 27] * c27;
            }
            float c28 = c[28];
            for (int o = 0; o < n; o++) {
                s[o] += x[o + 28] * c28;
            }
            float c29 = c[29];
            for (int o = 0; o < n; o++) {
                s[o] += x[o + 29] * c29;
            }
            float c30 = c[30];
            for (int o = 0; o < n; o++) {
                s[o] += x[o + 30] * c30;
            }
            float c31 = c[31];
            for (int o = 0; o < n; o++) {
                s[o] += x[o + 31] * c31;
            }
        }
    }

    /** {@link DelayedFir} for 1 iteration per release. */
    public static final class DelayedFir1 extends DelayedFir {
        @Rate(1 * PER_ITERATION)
        private FloatChannel in;
        @Rate(1 * PER_ITERATION)
        private FloatChannel out;

        public DelayedFir1() {
            super(1 * PER_ITERATION);
        }

        @Override
        public void work() {
            fire(in, out);
        }
    }

    /** {@link DelayedFir} for 2 iterations per release. */
    public static final class DelayedFir2 extends DelayedFir {
        @Rate(2 * PER_ITERATION)
        private FloatChannel in;
        @Rate(2 * PER_ITERATION)
        private FloatChannel out;

        public DelayedFir2() {
            super(2 * PER_ITERATION);
        }

        @Override
        public void work() {
            fire(in, out);
        }
    }

    /** {@link DelayedFir} for 4 iterations per release. */
    public static final class DelayedFir4 extends DelayedFir {
        @Rate(4 * PER_ITERATION)
        private FloatChannel in;
        @Rate(4 * PER_ITERATION)
        private FloatChannel out;

        public DelayedFir4() {
            super(4 * PER_ITERATION);
        }

        @Override
        public void work() {
            fire(in, out);
        }
    }

    /** {@link DelayedFir} for 8 iterations per release. */
    public static final class DelayedFir8 extends DelayedFir {
        @Rate(8 * PER_ITERATION)
        private FloatChannel in;
        @Rate(8 * PER_ITERATION)
        private FloatChannel out;

        public DelayedFir8() {
            super(8 * PER_ITERATION);
        }

        @Override
        public void work() {
            fire(in, out);
        }
    }

    /** {@link DelayedFir} for 16 iterations per release. */
    public static final class DelayedFir16 extends DelayedFir {
        @Rate(16 * PER_ITERATION)
        private FloatChannel in;
        @Rate(16 * PER_ITERATION)
        private FloatChannel out;

        public DelayedFir16() {
            super(16 * PER_ITERATION);
        }

        @Override
        public void work() {
            fire(in, out);
        }
    }

    /** {@link DelayedFir} for 32 iterations per release. */
    public static final class DelayedFir32 extends DelayedFir {
        @Rate(32 * PER_ITERATION)
        private FloatChannel in;
        @Rate(32 * PER_ITERATION)
        private FloatChannel out;

        public DelayedFir32() {
            super(32 * PER_ITERATION);
        }

        @Override
        public void work() {
            fire(in, out);
        }
    }

    /** {@link DelayedFir} for 64 iterations per release. */
    public static final class DelayedFir64 extends DelayedFir {
        @Rate(64 * PER_ITERATION)
        private FloatChannel in;
        @Rate(64 * PER_ITERATION)
        private FloatChannel out;

        public DelayedFir64() {
            super(64 * PER_ITERATION);
        }

        @Override
        public void work() {
            fire(in, out);
        }
    }

    /** StreamIt's {@code DownSamp(8)}: pops 8, pushes the first. */
    public static final class DownSamp extends Filter {
        static final int FACTOR = 8;
        @Rate(FACTOR)
        private FloatChannel in;
        @Rate(1)
        private FloatChannel out;

        @Override
        public void work() {
            out.put(in.take());
            in.skip(FACTOR - 1);
        }
    }

    /** StreamIt's {@code UpSamp(8)}: pops 1, pushes it and 7 zeros. */
    public static final class UpSamp extends Filter {
        static final int FACTOR = 8;
        @Rate(1)
        private FloatChannel in;
        @Rate(FACTOR)
        private FloatChannel out;

        @Override
        public void work() {
            out.put(in.take());
            for (int i = 1; i < FACTOR; i++) {
                out.put(0f);
            }
        }
    }

    /** StreamIt's {@code Combine(8)}: pops 8, pushes their sum. */
    public static final class Combine extends Filter {
        static final int N = 8;
        @Rate(N)
        private FloatChannel in;
        @Rate(1)
        private FloatChannel out;

        @Override
        public void work() {
            float sum = 0;
            for (int i = 0; i < N; i++) {
                sum += in.take();
            }
            out.put(sum);
        }
    }
}
