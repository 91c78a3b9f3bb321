package org.streamflex.runtime.counter;

import org.streamflex.Clock;
import org.streamflex.Filter;
import org.streamflex.StreamFlexGraph;

/** clock-0 releases a source, whose channel of capacity {@code capacity} feeds a Drain. */
final class CounterGraph extends StreamFlexGraph {
    final Clock clock;
    final CounterFilters.Source source;
    final CounterFilters.Drain drain;

    CounterGraph(int periodMicros, int capacity) {
        this(periodMicros, capacity, CounterFilters.Source.class, "Drain");
    }

    CounterGraph(int periodMicros, int capacity, Class<? extends CounterFilters.Source> sourceType, String drainName) {
        clock = makeClock(periodMicros);
        source = makeFilter(sourceType);
        drain = makeFilter(drainName, CounterFilters.Drain.class);
        connect(clock, source, "timer");
        connect(source, "out", drain, "in", capacity);
        validate();
    }

    /** The filters' names, as counters name them. */
    static String nameOf(Filter filter) {
        return org.streamflex.runtime.ApiAccess.context(filter).filterName();
    }
}
