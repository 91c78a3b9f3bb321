package org.streamflex.bench.passchain;

import org.streamflex.Filter;
import org.streamflex.IntChannel;
import org.streamflex.StreamFlexGraph;
import org.streamflex.TimeChannel;
import org.streamflex.fixtures.Pass;

/**
 * PASSCHAIN of the XStream paper on primitive channels: a source released by a free-running
 * clock puts {@code batch} ints per release, ten pass-through filters forward them ({@link Pass},
 * which the runtime's tests use too, or {@link BulkPass}), a sink sums them.
 */
public final class PassChainGraph extends StreamFlexGraph {
    public static final int STAGES = 10;

    private final Source source;
    private final Sink sink;

    /**
     * @param bulk whether the pass-through filters move their input with one
     *     {@code in.transferTo(out)} instead of a take/put per item
     */
    public PassChainGraph(int batch, int capacity, boolean bulk) {
        source = makeFilter(Source.class);
        source.batch = batch;
        sink = makeFilter(Sink.class);
        connect(makeClock(0), source);
        Filter previous = source;
        for (int i = 0; i < STAGES; i++) {
            Filter pass = bulk ? makeFilter(BulkPass.class) : makeFilter(Pass.class);
            connect(previous, pass, capacity);
            previous = pass;
        }
        connect(previous, sink, capacity);
        validate();
    }

    public Source source() {
        return source;
    }

    public Sink sink() {
        return sink;
    }

    /** Puts the next {@code batch} numbers on each release. */
    public static final class Source extends Filter {
        @SuppressWarnings("UnusedVariable") // the clock releases the filter through it; work() does not read the time
        private TimeChannel timer;
        private IntChannel out;
        private int batch = 1;
        private int next;

        @Override
        public void work() {
            for (int i = 0; i < batch; i++) {
                out.put(next++);
            }
        }

        public int generated() {
            return next;
        }
    }

    /** Forwards every available item with one bulk transfer. */
    public static final class BulkPass extends Filter {
        private IntChannel in;
        private IntChannel out;

        @Override
        public void work() {
            in.transferTo(out);
        }
    }

    /** Sums what arrives. */
    public static final class Sink extends Filter {
        private IntChannel in;
        private long sum;
        private long received;

        @Override
        public void work() {
            while (in.size() > 0) {
                sum += in.take();
                received++;
            }
        }

        public long sum() {
            return sum;
        }

        public long received() {
            return received;
        }
    }
}
