package org.streamflex.bench.streamit;

import org.streamflex.Filter;
import org.streamflex.FloatChannel;
import org.streamflex.TimeChannel;

/** The filters of StreamIt's FilterBankNew, as a StreamFlex user writes them. */
public final class FilterBankFilters {
    private FilterBankFilters() {
    }

    /** Pushes 0, 1, ..., 1001, 0, 1, ...: {@code perRelease} values per release. */
    public static final class Source extends Filter {
        @SuppressWarnings("UnusedVariable") // the clock releases the filter through it; work() does not read the time
        private TimeChannel timer;
        private FloatChannel out;
        private float current;
        private int perRelease = 8;

        void perRelease(int n) {
            perRelease = n;
        }

        @Override
        public void work() {
            for (int i = 0; i < perRelease; i++) {
                out.put(current);
                current = current > 1000 ? 0 : current + 1;
            }
        }
    }

    /** A delay line of {@code n} zeros (StreamIt's prework pushes them), then the input. */
    public static final class Delay extends Filter {
        private FloatChannel in;
        private FloatChannel out;
        private int zeros = 31;
        private boolean primed;

        void length(int n) {
            zeros = n;
        }

        @Override
        public void work() {
            if (!primed) {
                for (int i = 0; i < zeros; i++) {
                    out.put(0f);
                }
                primed = true;
            }
            while (in.size() > 0) {
                out.put(in.take());
            }
        }
    }

    /** Pops 1, peeks 32: {@code sum of peek(i) * coeff[31 - i]}. */
    public static final class Fir extends Filter {
        static final int TAPS = 32;
        private FloatChannel in;
        private FloatChannel out;
        private final float[] coeff = new float[TAPS];

        void coefficients(float[] c) {
            System.arraycopy(c, 0, coeff, 0, TAPS);
        }

        @Override
        protected boolean trigger() {
            return in.size() >= TAPS;
        }

        @Override
        public void work() {
            while (in.size() >= TAPS) {
                float sum = 0;
                for (int i = 0; i < TAPS; i++) {
                    sum += in.peek(i) * coeff[TAPS - 1 - i];
                }
                out.put(sum);
                in.take();
            }
        }
    }

    /** Pops 8, pushes the first. */
    public static final class DownSamp extends Filter {
        private FloatChannel in;
        private FloatChannel out;

        @Override
        protected boolean trigger() {
            return in.size() >= 8;
        }

        @Override
        public void work() {
            while (in.size() >= 8) {
                out.put(in.take());
                in.skip(7);
            }
        }
    }

    /** Pops 1, pushes it and 7 zeros. */
    public static final class UpSamp extends Filter {
        private FloatChannel in;
        private FloatChannel out;

        @Override
        public void work() {
            while (in.size() > 0) {
                out.put(in.take());
                for (int i = 0; i < 7; i++) {
                    out.put(0f);
                }
            }
        }
    }

    /** Pops 8, pushes their sum. */
    public static final class Combine extends Filter {
        private FloatChannel in;
        private FloatChannel out;

        @Override
        protected boolean trigger() {
            return in.size() >= 8;
        }

        @Override
        public void work() {
            while (in.size() >= 8) {
                float sum = 0;
                for (int i = 0; i < 8; i++) {
                    sum += in.take();
                }
                out.put(sum);
            }
        }
    }
}
