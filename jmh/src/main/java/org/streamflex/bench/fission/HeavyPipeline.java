package org.streamflex.bench.fission;

import org.streamflex.DoubleChannel;
import org.streamflex.Filter;
import org.streamflex.Rate;
import org.streamflex.Stateless;
import org.streamflex.StreamFlexGraph;
import org.streamflex.TimeChannel;

/**
 * The hybrid scheduler paper's work unit in a pipeline: a source puts 256 doubles per release, a
 * stateless filter runs {@code x += i * 3.0 - 1.0} for {@code i < W} on each, a sink sums them.
 * Every channel declares its rate, so the pipeline is one fused task, and the heavy filter is
 * split across replicas by fission when it is on.
 */
public final class HeavyPipeline extends StreamFlexGraph {
    /** Items per release. */
    public static final int BATCH = 256;

    private final Sink sink;

    /**
     * The pipeline, validated.
     *
     * @param work the paper's W: iterations of the loop per item
     */
    public HeavyPipeline(int work) {
        Source source = makeFilter(Source.class);
        Heavy heavy = makeFilter(Heavy.class);
        heavy.work = work;
        sink = makeFilter(Sink.class);
        connect(makeClock(0), source);
        connect(source, heavy, 4 * BATCH);
        connect(heavy, sink, 4 * BATCH);
        validate();
    }

    public Sink sink() {
        return sink;
    }

    /** The work unit on one item, as the heavy filter and the plain baseline run it. */
    public static double unit(double x, int work) {
        double y = x;
        for (int i = 0; i < work; i++) {
            y += i * 3.0 - 1.0;
        }
        return y;
    }

    /** Puts the next 256 numbers on each release. */
    public static final class Source extends Filter {
        @SuppressWarnings("UnusedVariable") // the clock releases the filter through it; work() does not read the time
        private TimeChannel timer;
        @Rate(BATCH)
        private DoubleChannel out;
        private long next;

        @Override
        public void work() {
            for (int i = 0; i < BATCH; i++) {
                out.put((double) (next++ % 1000));
            }
        }
    }

    /** The heavy stateless filter. */
    @Stateless
    public static final class Heavy extends Filter {
        @Rate(1)
        private DoubleChannel in;
        @Rate(1)
        private DoubleChannel out;
        int work = 1000;

        @Override
        public void work() {
            out.put(unit(in.take(), work));
        }
    }

    /** Sums what arrives. */
    public static final class Sink extends Filter {
        @Rate(1)
        private DoubleChannel in;
        private double sum;
        private long received;

        @Override
        public void work() {
            sum += in.take();
            received++;
        }

        public double sum() {
            return sum;
        }

        public long received() {
            return received;
        }
    }
}
