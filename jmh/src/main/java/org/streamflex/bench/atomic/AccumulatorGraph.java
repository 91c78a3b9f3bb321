package org.streamflex.bench.atomic;

import org.streamflex.Clock;
import org.streamflex.Filter;
import org.streamflex.StreamFlexGraph;

/** One clock releasing one accumulator, with or without {@code @Atomic}. */
public final class AccumulatorGraph<F extends Filter> extends StreamFlexGraph {
    public final Clock clock;
    public final F filter;

    public AccumulatorGraph(Class<F> type, int periodMicros) {
        clock = makeClock(periodMicros);
        filter = makeFilter(type);
        connect(clock, filter, "timer");
        validate();
    }
}
