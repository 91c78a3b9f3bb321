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
            for (int o = 0; o < n; o++) {
                x[TAPS - 1 + o] = in.take();
            }
            float[] c = reversed;
            // Tap by tap, each a call with a constant offset: inlined, every index of its loop is the
            // loop's own plus a constant, which C2 vectorizes. A loop over the taps would make the
            // offset a variable, and one loop over the outputs with all 32 taps in its body is too big
            // for C2 to unroll: it vectorizes neither (jmh/README.md, StreamIt programs).
            first(s, x, c[0], n);
            tap(s, x, 1, c[1], n);
            tap(s, x, 2, c[2], n);
            tap(s, x, 3, c[3], n);
            tap(s, x, 4, c[4], n);
            tap(s, x, 5, c[5], n);
            tap(s, x, 6, c[6], n);
            tap(s, x, 7, c[7], n);
            tap(s, x, 8, c[8], n);
            tap(s, x, 9, c[9], n);
            tap(s, x, 10, c[10], n);
            tap(s, x, 11, c[11], n);
            tap(s, x, 12, c[12], n);
            tap(s, x, 13, c[13], n);
            tap(s, x, 14, c[14], n);
            tap(s, x, 15, c[15], n);
            tap(s, x, 16, c[16], n);
            tap(s, x, 17, c[17], n);
            tap(s, x, 18, c[18], n);
            tap(s, x, 19, c[19], n);
            tap(s, x, 20, c[20], n);
            tap(s, x, 21, c[21], n);
            tap(s, x, 22, c[22], n);
            tap(s, x, 23, c[23], n);
            tap(s, x, 24, c[24], n);
            tap(s, x, 25, c[25], n);
            tap(s, x, 26, c[26], n);
            tap(s, x, 27, c[27], n);
            tap(s, x, 28, c[28], n);
            tap(s, x, 29, c[29], n);
            tap(s, x, 30, c[30], n);
            tap(s, x, 31, c[31], n);
            for (int o = 0; o < n; o++) {
                out.put(s[o]);
            }
            System.arraycopy(x, n, x, 0, TAPS - 1);
        }

        /** Starts each of the {@code n} sums with its oldest item's product, added to 0 as StreamIt does. */
        private static void first(float[] s, float[] x, float c, int n) {
            for (int o = 0; o < n; o++) {
                s[o] = 0f + x[o] * c;
            }
        }

        /** Adds tap {@code k}'s product to each of the {@code n} sums. */
        private static void tap(float[] s, float[] x, int k, float c, int n) {
            for (int o = 0; o < n; o++) {
                s[o] += x[o + k] * c;
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
