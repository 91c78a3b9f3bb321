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
     * steady-state iteration, so one {@code work()} is StreamIt's 8 firings of one item each.
     */
    public static final class Source extends Filter {
        static final int PER_RELEASE = 8;
        @SuppressWarnings("UnusedVariable") // the clock releases the filter through it; work() does not read the time
        private TimeChannel timer;
        @Rate(PER_RELEASE)
        private FloatChannel out;
        private float current;

        @Override
        public void work() {
            for (int i = 0; i < PER_RELEASE; i++) {
                out.put(current);
                current = current > 1000 ? 0 : current + 1;
            }
        }
    }

    /**
     * StreamIt's {@code Delay_N(TAPS - 1)} followed by {@code FirFilter(TAPS, coeff)}: pops 1, pushes
     * {@code sum of w[i] * coeff[TAPS - 1 - i]} over the window {@code w} of the last {@code TAPS}
     * items, oldest first, summed in that order as StreamIt does (so the outputs are StreamIt's to
     * the bit).
     *
     * <p>One filter for the two because the delay's prework pushes {@code TAPS - 1} zeros before
     * its first firing, which no declared rate can say: a StreamFlex channel starts empty, and a
     * work() that put them would break its rate. So the zeros start in this filter's window instead
     * of in the channel, and the FIR keeps its window itself rather than peeking {@code TAPS} items
     * of which {@code TAPS - 1} stay in the channel: the same items in the same order, with nothing
     * for a scheduler to fill before the first iteration.
     */
    public static final class DelayedFir extends Filter {
        static final int TAPS = 32;
        @Rate(1)
        private FloatChannel in;
        @Rate(1)
        private FloatChannel out;
        /** {@code coeff} reversed, so that window item i meets {@code reversed[i]}. */
        private final float[] reversed = new float[TAPS];
        /**
         * The window twice over (item {@code k} at {@code k} and {@code k + TAPS}), so that it is
         * always {@code TAPS} contiguous items from {@code next}: a loop with no wrap-around.
         */
        private final float[] window = new float[2 * TAPS];
        private int next;

        void coefficients(float[] c) {
            for (int i = 0; i < TAPS; i++) {
                reversed[i] = c[TAPS - 1 - i];
            }
        }

        @Override
        public void work() {
            float x = in.take();
            window[next] = x;
            window[next + TAPS] = x;
            next = (next + 1) & (TAPS - 1);
            float sum = 0;
            for (int i = 0; i < TAPS; i++) {
                sum += window[next + i] * reversed[i];
            }
            out.put(sum);
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
