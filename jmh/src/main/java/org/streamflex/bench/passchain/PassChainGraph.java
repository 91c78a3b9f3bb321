package org.streamflex.bench.passchain;

import org.streamflex.Filter;
import org.streamflex.IntChannel;
import org.streamflex.Rate;
import org.streamflex.StreamFlexGraph;
import org.streamflex.TimeChannel;
import org.streamflex.fixtures.Pass;

/**
 * PASSCHAIN of the XStream paper on primitive channels: a source released by a free-running
 * clock puts {@code batch} ints per release, ten pass-through filters forward them ({@link Pass},
 * which the runtime's tests use too, {@link BulkPass}, or {@link RatedPass}), a sink sums them.
 * With {@link Stages#RATED} every channel declares its rate, so the whole chain is one static
 * subgraph, run fused unless {@code streamflex.fusion} is false.
 */
public final class PassChainGraph extends StreamFlexGraph {
    public static final int STAGES = 10;

    /** How the pass-through filters move items. */
    public enum Stages {
        /** A take and a put per item, every item available per work(), rates undeclared: {@link Pass}. */
        ITEM,
        /** One {@code in.transferTo(out)} per work(): {@link BulkPass}. */
        BULK,
        /** One take and one put per work(), declared with {@code @Rate(1)}: {@link RatedPass}. */
        RATED
    }

    private final Counted source;
    private final Summed sink;

    /**
     * @param bulk whether the pass-through filters move their input with one
     *     {@code in.transferTo(out)} instead of a take/put per item
     */
    public PassChainGraph(int batch, int capacity, boolean bulk) {
        this(batch, capacity, bulk ? Stages.BULK : Stages.ITEM);
    }

    /**
     * @param batch items per release; with {@link Stages#RATED}, 1 or 64 (a rate is a constant of
     *     the source's class)
     */
    public PassChainGraph(int batch, int capacity, Stages stages) {
        Filter first;
        Filter last;
        if (stages == Stages.RATED) {
            first = switch (batch) {
                case 1 -> makeFilter(RatedSource1.class);
                case 64 -> makeFilter(RatedSource64.class);
                default -> throw new IllegalArgumentException("rated sources put 1 or 64 items per release, not "
                        + batch);
            };
            last = makeFilter(RatedSink.class);
        } else {
            Source s = makeFilter(Source.class);
            s.batch = batch;
            first = s;
            last = makeFilter(Sink.class);
        }
        source = (Counted) first;
        sink = (Summed) last;
        connect(makeClock(0), first);
        Filter previous = first;
        for (int i = 0; i < STAGES; i++) {
            Filter pass = switch (stages) {
                case ITEM -> makeFilter(Pass.class);
                case BULK -> makeFilter(BulkPass.class);
                case RATED -> makeFilter(RatedPass.class);
            };
            connect(previous, pass, capacity);
            previous = pass;
        }
        connect(previous, last, capacity);
        validate();
    }

    public Counted source() {
        return source;
    }

    public Summed sink() {
        return sink;
    }

    /** A source that counts what it generated. */
    public interface Counted {
        long generated();
    }

    /** A sink that sums and counts what it received. */
    public interface Summed {
        long sum();

        long received();
    }

    /** Puts the next {@code batch} numbers on each release. */
    public static final class Source extends Filter implements Counted {
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

        @Override
        public long generated() {
            return next;
        }
    }

    /** Puts the next number on each release, declared. */
    public static final class RatedSource1 extends Filter implements Counted {
        @SuppressWarnings("UnusedVariable") // the clock releases the filter through it; work() does not read the time
        private TimeChannel timer;
        @Rate(1)
        private IntChannel out;
        private int next;

        @Override
        public void work() {
            out.put(next++);
        }

        @Override
        public long generated() {
            return next;
        }
    }

    /** Puts the next 64 numbers on each release, declared. */
    public static final class RatedSource64 extends Filter implements Counted {
        @SuppressWarnings("UnusedVariable") // the clock releases the filter through it; work() does not read the time
        private TimeChannel timer;
        @Rate(64)
        private IntChannel out;
        private int next;

        @Override
        public void work() {
            for (int i = 0; i < 64; i++) {
                out.put(next++);
            }
        }

        @Override
        public long generated() {
            return next;
        }
    }

    /** Forwards one item per work(), declared: StreamIt's identity filter. */
    public static final class RatedPass extends Filter {
        @Rate(1)
        private IntChannel in;
        @Rate(1)
        private IntChannel out;

        @Override
        public void work() {
            out.put(in.take());
        }
    }

    /** Sums one item per work(), declared. */
    public static final class RatedSink extends Filter implements Summed {
        @Rate(1)
        private IntChannel in;
        private long sum;
        private long received;

        @Override
        public void work() {
            sum += in.take();
            received++;
        }

        @Override
        public long sum() {
            return sum;
        }

        @Override
        public long received() {
            return received;
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
    public static final class Sink extends Filter implements Summed {
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

        @Override
        public long sum() {
            return sum;
        }

        @Override
        public long received() {
            return received;
        }
    }
}
