package org.streamflex.bench.hybrid;

import org.streamflex.DoubleChannel;
import org.streamflex.Filter;
import org.streamflex.Rate;
import org.streamflex.StreamFlexGraph;
import org.streamflex.TimeChannel;

/**
 * The experiments' pipeline as a StreamFlex graph: a source released by one free-running clock
 * ({@code makeClock(0)}) puts {@code batch} items per release, the chain's filters apply their work
 * units, a sink sums what arrives. The source stops after {@code items} items; it notes the time
 * of its first release and the sink the time of the last item, so a run is timed from the first
 * item in to the last item out, on the graph's own thread, without the graph's building, start or
 * stop.
 *
 * <p>The filters come in three kinds ({@link Stages}): the paper's operator with dynamic rates
 * (one take and one put per {@code work()}, no {@code @Rate}), the same operator with declared
 * rates {@code @Rate(1)} on both channels (and on the sink's input, so that the filters and the sink
 * form one static subgraph behind the source's dynamic channel), and an operator that moves all of
 * its input in one {@code work()}. Every channel holds a whole batch, so nothing is dropped.
 *
 * <pre>{@code
 * ChainGraph g = new ChainGraph(Stages.DYNAMIC, new Chain(8, 1, 10), 100, 1 << 16);
 * g.start();
 * while (!g.sink().done()) { Thread.sleep(1); }
 * g.stop();
 * Checksum c = g.checksum();
 * }</pre>
 */
public final class ChainGraph extends StreamFlexGraph {
    /** The smallest channel capacity, for batches smaller than it. */
    static final int MIN_CAPACITY = 16;

    /** Which filters the chain is made of. */
    public enum Stages {
        /** One take and one put per {@code work()}, no declared rates: every channel is dynamic. */
        DYNAMIC,
        /** One take and one put per {@code work()}, declared {@code @Rate(1)}: a static subgraph. */
        STATIC,
        /** Every available item per {@code work()}, no declared rates: a batch per {@code work()}. */
        DRAINING
    }

    private final Source source;
    private final CountingSink sink;

    /**
     * @param batch items the source puts per release, 1 or more
     * @param items items the source puts in all
     */
    public ChainGraph(Stages stages, Chain chain, int batch, long items) {
        if (batch < 1) {
            throw new IllegalArgumentException("batch must be 1 or more, not " + batch);
        }
        int capacity = Math.max(MIN_CAPACITY, batch);
        source = makeFilter(Source.class);
        source.batch = batch;
        source.limit = items;
        connect(makeClock(0), source);
        Filter previous = source;
        for (int i = 0; i < chain.filters(); i++) {
            Class<? extends Stage> type = switch (stages) {
                case DYNAMIC -> DynamicStage.class;
                case STATIC -> StaticStage.class;
                case DRAINING -> DrainingStage.class;
            };
            Stage stage = makeFilter(type);
            stage.units = chain.unitsPerFilter();
            stage.work = chain.work();
            connect(previous, stage, capacity);
            previous = stage;
        }
        Class<? extends CountingSink> sinkType = switch (stages) {
            case DYNAMIC -> DynamicSink.class;
            case STATIC -> StaticSink.class;
            case DRAINING -> DrainingSink.class;
        };
        sink = makeFilter(sinkType);
        sink.limit = items;
        connect(previous, sink, capacity);
        validate();
    }

    public Source source() {
        return source;
    }

    public CountingSink sink() {
        return sink;
    }

    /** What the sink has received so far; final once {@code sink().done()}. */
    public Checksum checksum() {
        return new Checksum(sink.items(), sink.sum());
    }

    /** From the source's first release to the sink's last item; valid once {@code sink().done()}. */
    public long nanos() {
        return sink.lastNanos() - source.firstNanos();
    }

    /** Puts the numbers 0, 1, 2, ... as doubles, {@code batch} per release, until {@code limit}. */
    public static final class Source extends Filter {
        @SuppressWarnings("UnusedVariable") // the clock releases the filter through it; work() does not read the time
        private TimeChannel timer;
        private DoubleChannel out;
        private int batch;
        private long limit;
        private long next;
        private long firstNanos;

        @Override
        public void work() {
            if (next == 0 && limit > 0) {
                firstNanos = System.nanoTime();
            }
            long end = Math.min(limit, next + batch);
            while (next < end) {
                out.put((double) next);
                next++;
            }
        }

        public long firstNanos() {
            return firstNanos;
        }
    }

    /** What every stage of the chain computes: its units of work on one item. */
    public abstract static class Stage extends Filter {
        private int units;
        private int work;

        final double compute(double x) {
            return WorkUnit.applyUnits(x, units, work);
        }
    }

    /** The paper's operator with a dynamic rate: {@code x = pop(); work; push(x)}. */
    public static final class DynamicStage extends Stage {
        private DoubleChannel in;
        private DoubleChannel out;

        @Override
        public void work() {
            out.put(compute(in.take()));
        }
    }

    /** The same operator with its rates declared, so that a chain of them is static. */
    public static final class StaticStage extends Stage {
        @Rate(1)
        private DoubleChannel in;
        @Rate(1)
        private DoubleChannel out;

        @Override
        public void work() {
            out.put(compute(in.take()));
        }
    }

    /** The operator run for a batch: each {@code work()} handles every item that waits. */
    public static final class DrainingStage extends Stage {
        private DoubleChannel in;
        private DoubleChannel out;

        @Override
        public void work() {
            while (in.size() > 0) {
                out.put(compute(in.take()));
            }
        }
    }

    /**
     * Counts and sums what arrives; at the {@code limit}-th item notes the time and raises
     * {@link #done()}, a volatile write after the plain ones, so that the thread that sees it
     * done sees the count, the sum and the time.
     */
    public abstract static class CountingSink extends Filter {
        private long limit;
        private long items;
        private double sum;
        private long lastNanos;
        private volatile boolean done;

        final void add(double x) {
            sum += x;
            items++;
            if (items == limit) {
                lastNanos = System.nanoTime();
                done = true;
            }
        }

        public boolean done() {
            return done;
        }

        public long items() {
            return items;
        }

        public double sum() {
            return sum;
        }

        public long lastNanos() {
            return lastNanos;
        }
    }

    /** Takes one item per {@code work()}, rate undeclared. */
    public static final class DynamicSink extends CountingSink {
        private DoubleChannel in;

        @Override
        public void work() {
            add(in.take());
        }
    }

    /** Takes one item per {@code work()}, declared: the end of the static subgraph. */
    public static final class StaticSink extends CountingSink {
        @Rate(1)
        private DoubleChannel in;

        @Override
        public void work() {
            add(in.take());
        }
    }

    /** Takes every item that waits in one {@code work()}. */
    public static final class DrainingSink extends CountingSink {
        private DoubleChannel in;

        @Override
        public void work() {
            while (in.size() > 0) {
                add(in.take());
            }
        }
    }
}
