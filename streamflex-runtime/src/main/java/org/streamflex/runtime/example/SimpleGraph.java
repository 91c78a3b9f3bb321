package org.streamflex.runtime.example;

import org.streamflex.Clock;
import org.streamflex.Filter;
import org.streamflex.IntChannel;
import org.streamflex.StreamFlexGraph;
import org.streamflex.TimeChannel;

/**
 * The graph of Figures 1 and 2 of the StreamFlex paper: a clock releases {@code Gen}, which
 * counts; {@code Mid} forwards; {@code Sink} consumes. The README's main job runs it.
 */
public final class SimpleGraph extends StreamFlexGraph {
    private final Clock clock;
    private final Gen gen;
    private final Mid mid;
    private final Sink sink;

    public SimpleGraph(int periodMicros) {
        clock = makeClock(periodMicros);
        gen = makeFilter(Gen.class);
        mid = makeFilter(Mid.class);
        sink = makeFilter(Sink.class);
        connect(clock, gen, "timer");
        connect(gen, "out", mid, "in", 1);
        connect(mid, "out", sink, "in", 1);
        validate();
    }

    public Clock clock() {
        return clock;
    }

    public Gen gen() {
        return gen;
    }

    public Mid mid() {
        return mid;
    }

    public Sink sink() {
        return sink;
    }

    /** Puts the next number of its count on each release. */
    public static final class Gen extends Filter {
        private TimeChannel timer;
        private IntChannel out;
        private int counter;
        private int lateReleases;

        @Override
        public void work() {
            if (timer.missedDeadlines() > 0) {
                lateReleases++;
            }
            out.put(counter++);
        }

        /** Numbers generated so far. */
        public int generated() {
            return counter;
        }

        /** Releases that found ticks missed before them. */
        public int lateReleases() {
            return lateReleases;
        }
    }

    /** Forwards what it takes. */
    public static final class Mid extends Filter {
        private IntChannel in;
        private IntChannel out;

        @Override
        public void work() {
            out.put(in.take());
        }
    }

    /** Consumes numbers and checks that they arrive in order. */
    public static final class Sink extends Filter {
        private IntChannel in;
        private int received;
        private int last = -1;
        private int outOfOrder;

        @Override
        public void work() {
            int value = in.take();
            if (value != last + 1) {
                outOfOrder++;
            }
            last = value;
            received++;
        }

        public int received() {
            return received;
        }

        public int last() {
            return last;
        }

        /** Values that did not follow the previous one: a gap (a drop upstream) or a repeat. */
        public int outOfOrder() {
            return outOfOrder;
        }
    }
}
