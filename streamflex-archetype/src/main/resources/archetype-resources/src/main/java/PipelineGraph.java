package ${package};

import org.streamflex.Clock;
import org.streamflex.Filter;
import org.streamflex.IntChannel;
import org.streamflex.LongChannel;
import org.streamflex.StreamFlexGraph;
import org.streamflex.TimeChannel;

/**
 * A clock releases {@code Counter}, which puts the next number; {@code Square} squares it;
 * {@code Total} adds the squares up. Replace the filters with your own: each declares its channels
 * as fields, the constructor wires them, and {@code validate()} reports every wiring mistake at once.
 */
public final class PipelineGraph extends StreamFlexGraph {
    private final Clock clock;
    private final Counter counter;
    private final Square square;
    private final Total total;

    public PipelineGraph(int periodMicros) {
        clock = makeClock(periodMicros);
        counter = makeFilter(Counter.class);
        square = makeFilter(Square.class);
        total = makeFilter(Total.class);
        connect(clock, counter, "timer");
        connect(counter, "out", square, "in", 16);
        connect(square, "out", total, "in", 16);
        validate();
    }

    public Clock clock() {
        return clock;
    }

    public Counter counter() {
        return counter;
    }

    public Square square() {
        return square;
    }

    public Total total() {
        return total;
    }

    /** Puts 0, 1, 2... one number per release of the clock. */
    public static final class Counter extends Filter {
        private TimeChannel timer;  // wired to the clock: its tick is what releases this filter
        private IntChannel out;
        private int next;

        @Override
        public void work() {
            out.put(next++);
        }

        public int counted() {
            return next;
        }
    }

    /** Squares what it takes. */
    public static final class Square extends Filter {
        private IntChannel in;
        private LongChannel out;

        @Override
        public void work() {
            long value = in.take();
            out.put(value * value);
        }
    }

    /** Adds up what it takes. */
    public static final class Total extends Filter {
        private LongChannel in;
        private long sum;
        private int received;

        @Override
        public void work() {
            sum += in.take();
            received++;
        }

        public long sum() {
            return sum;
        }

        public int received() {
            return received;
        }
    }
}
