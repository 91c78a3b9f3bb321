package org.streamflex.dsp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.streamflex.Clock;
import org.streamflex.Filter;
import org.streamflex.GraphCounters;
import org.streamflex.StreamFlexGraph;
import org.streamflex.dsp.memory.BufferPool;
import org.streamflex.runtime.GraphDriver;

/**
 * A graph that operator tests build from outside: a free-running clock releasing a scripted source
 * each driver step, operators, and recording sinks, chained by {@link #chain}. Sources and sinks get
 * large stable regions for their recording arrays. Also the two checks every operator test makes:
 * no heap bytes per {@code work()} after warm-up, and every sample buffer back in its pool.
 */
public final class OpGraph extends StreamFlexGraph {
    /** Stable bytes of a source or sink: room for the arrays they record into. */
    public static final int RECORDER_BYTES = 16 << 20;
    /** Capacity of each channel {@link #chain} makes. */
    public static final int CAPACITY = 64;

    private final Clock clock = makeClock(0);

    /** An operator, named by its class, with the default region sizes. */
    public <F extends Filter> F filter(Class<F> type) {
        return makeFilter(type);
    }

    /** An operator with a name of its own. */
    public <F extends Filter> F filter(String name, Class<F> type) {
        return makeFilter(name, type);
    }

    /** A source or sink, with a stable region large enough for its recording arrays. */
    public <F extends Filter> F recorder(Class<F> type) {
        return makeFilter(type, RECORDER_BYTES, DEFAULT_TRANSIENT_BYTES);
    }

    /** A named source or sink. */
    public <F extends Filter> F recorder(String name, Class<F> type) {
        return makeFilter(name, type, RECORDER_BYTES, DEFAULT_TRANSIENT_BYTES);
    }

    /** The clock to the first filter, then each filter's {@code out} to the next one's {@code in}. */
    public OpGraph chain(Filter... filters) {
        connect(clock, filters[0]);
        for (int i = 1; i < filters.length; i++) {
            connect(filters[i - 1], "out", filters[i], "in", CAPACITY);
        }
        return this;
    }

    /** {@code from.fromField} to {@code to.toField}. */
    public OpGraph link(Filter from, String fromField, Filter to, String toField) {
        connect(from, fromField, to, toField, CAPACITY);
        return this;
    }

    /** Validates the graph. */
    public OpGraph check() {
        validate();
        return this;
    }

    /**
     * Sample buffers taken from the process's pool and not given back: created, less idle, less
     * those given back when their class was full.
     */
    public static long buffersInUse() {
        BufferPool pool = BufferPool.shared();
        return pool.created() - pool.idle() - pool.discarded();
    }

    /**
     * Runs {@code graph} {@code warmUp} steps, then turns heap counting on and runs it by rounds of
     * {@code steps}, at most three until one round allocated nothing in {@code operator}'s
     * {@code work()} (a one-off JIT deoptimization can allocate a few hundred bytes once), and
     * asserts that round's heap bytes are zero.
     */
    public static void assertNoHeapBytesPerWork(OpGraph graph, GraphDriver driver, Filter operator, int warmUp,
            int steps) {
        driver.run(warmUp);
        graph.countHeapBytes();
        GraphCounters counters = graph.counters();
        long bytes = -1;
        for (int round = 0; round < 3 && bytes != 0; round++) {
            long before = counters.value(operator, "heapBytes");
            long fires = counters.value(operator, "fires");
            driver.run(steps);
            assertEquals(true, counters.value(operator, "fires") > fires, "the operator ran");
            bytes = counters.value(operator, "heapBytes") - before;
        }
        assertEquals(0, bytes, "heap bytes of " + steps + " steps of " + operator.getClass().getSimpleName()
                + ".work() after warm-up");
    }
}
