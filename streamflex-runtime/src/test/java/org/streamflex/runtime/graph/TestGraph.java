package org.streamflex.runtime.graph;

import org.streamflex.Clock;
import org.streamflex.Filter;
import org.streamflex.StreamFlexGraph;

/** A graph that tests build from outside: the protected building calls, made public. */
public class TestGraph extends StreamFlexGraph {
    public <F extends Filter> F filter(Class<F> type) {
        return makeFilter(type);
    }

    public <F extends Filter> F filter(Class<F> type, int stableBytes, int transientBytes) {
        return makeFilter(type, stableBytes, transientBytes);
    }

    public <F extends Filter> F filter(String name, Class<F> type) {
        return makeFilter(name, type);
    }

    public <F extends Filter> F filter(String name, Class<F> type, int stableBytes, int transientBytes) {
        return makeFilter(name, type, stableBytes, transientBytes);
    }

    public Clock clock(int periodMicros) {
        return makeClock(periodMicros);
    }

    public TestGraph link(Clock clock, Filter target) {
        connect(clock, target);
        return this;
    }

    public TestGraph link(Clock clock, Filter target, String field) {
        connect(clock, target, field);
        return this;
    }

    public TestGraph link(Filter source, Filter target, int capacity) {
        connect(source, target, capacity);
        return this;
    }

    public TestGraph link(Filter source, String sourceField, Filter target, int capacity) {
        connect(source, sourceField, target, capacity);
        return this;
    }

    public TestGraph link(Filter source, Filter target, String targetField, int capacity) {
        connect(source, target, targetField, capacity);
        return this;
    }

    public TestGraph link(Filter source, String sourceField, Filter target, String targetField, int capacity) {
        connect(source, sourceField, target, targetField, capacity);
        return this;
    }

    public TestGraph workers(Filter... filters) {
        runOnWorkers(filters);
        return this;
    }

    public TestGraph check() {
        validate();
        return this;
    }

    /** Waits (polling every millisecond) until {@code clock} has released at least {@code count} times. */
    public static void awaitReleases(Clock clock, long count) throws InterruptedException {
        while (clock.releases() < count) {
            Thread.sleep(1);
        }
    }
}
