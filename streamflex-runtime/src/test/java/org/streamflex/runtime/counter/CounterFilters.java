package org.streamflex.runtime.counter;

import org.streamflex.Filter;
import org.streamflex.FilterEvent;
import org.streamflex.IntChannel;
import org.streamflex.TimeChannel;

/** Filters the counter tests run. */
final class CounterFilters {
    /** Made elsewhere than in a filter class: its counter appears on first raise. */
    static final FilterEvent UNDECLARED = FilterEvent.named("undeclared");

    private CounterFilters() {
    }

    /** Puts its release number; raises "odd" on odd ones; throws on the release {@code failAt}. */
    static class Source extends Filter {
        static final FilterEvent ODD = FilterEvent.named("odd");
        private TimeChannel timer;
        private IntChannel out;
        int next;
        int failAt = -1;
        boolean raiseUndeclared;
        boolean raiseNull;

        @Override
        public void work() {
            timer.getTime();
            int n = next++;
            if (n == failAt) {
                throw new IllegalStateException("release " + n + " fails on purpose");
            }
            if ((n & 1) == 1) {
                raise(ODD);
            }
            if (raiseUndeclared) {
                raise(UNDECLARED);
            }
            if (raiseNull) {
                raise(null);
            }
            out.put(n);
        }
    }

    /** Inherits {@link Source#ODD} and declares one more, never raised. */
    static final class LoudSource extends Source {
        private static final FilterEvent NEVER = FilterEvent.named("never");
        /** Another instance of the name "odd": it shares the counter. */
        private static final FilterEvent ODD_AGAIN = FilterEvent.named("odd");

        @Override
        public void work() {
            super.work();
            if (next < 0) {
                raise(NEVER);
                raise(ODD_AGAIN);
            }
        }
    }

    /** Takes everything; concatenates a string per work() when asked, which allocates on the heap. */
    static final class Drain extends Filter {
        private IntChannel in;
        boolean allocate;
        int received;
        long labelChars;

        @Override
        public void work() {
            while (in.size() > 0) {
                int v = in.take();
                received++;
                if (allocate) {
                    labelChars += ("item " + v).length();
                }
            }
        }
    }
}
