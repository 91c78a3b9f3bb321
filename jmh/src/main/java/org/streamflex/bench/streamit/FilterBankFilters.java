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
     * StreamIt's {@code Delay_N(TAPS - 1)} followed by {@code FirFilter(TAPS, coeff)}, {@link #BLOCK}
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
     * <p>A block of firings per {@code work()} because one firing's sum is a chain of {@code TAPS}
     * dependent additions, and Java may not reorder them: a block's outputs are independent chains,
     * summed side by side in one pass over the taps, which the processor overlaps. Eight is one
     * steady-state iteration's items on both FIRs of a bank, so the schedule runs each once per
     * iteration and the trace is the same.
     */
    public static final class DelayedFir extends Filter {
        static final int TAPS = 32;
        /** StreamIt firings per work(): one accumulator each in {@link #work()}. */
        static final int BLOCK = 8;
        @Rate(BLOCK)
        private FloatChannel in;
        @Rate(BLOCK)
        private FloatChannel out;
        /** {@code coeff} reversed, so that window item i meets {@code reversed[i]}. */
        private final float[] reversed = new float[TAPS];
        /**
         * The last {@code TAPS - 1} items, oldest first, then the block's {@code BLOCK} new ones: output
         * {@code o}'s window is the {@code TAPS} items from {@code o}.
         */
        private final float[] items = new float[TAPS - 1 + BLOCK];

        void coefficients(float[] c) {
            for (int i = 0; i < TAPS; i++) {
                reversed[i] = c[TAPS - 1 - i];
            }
        }

        @Override
        public void work() {
            float[] x = items;
            for (int o = 0; o < BLOCK; o++) {
                x[TAPS - 1 + o] = in.take();
            }
            float s0 = 0;
            float s1 = 0;
            float s2 = 0;
            float s3 = 0;
            float s4 = 0;
            float s5 = 0;
            float s6 = 0;
            float s7 = 0;
            for (int i = 0; i < TAPS; i++) {
                float c = reversed[i];
                s0 += x[i] * c;
                s1 += x[i + 1] * c;
                s2 += x[i + 2] * c;
                s3 += x[i + 3] * c;
                s4 += x[i + 4] * c;
                s5 += x[i + 5] * c;
                s6 += x[i + 6] * c;
                s7 += x[i + 7] * c;
            }
            out.put(s0);
            out.put(s1);
            out.put(s2);
            out.put(s3);
            out.put(s4);
            out.put(s5);
            out.put(s6);
            out.put(s7);
            System.arraycopy(x, BLOCK, x, 0, TAPS - 1);
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
