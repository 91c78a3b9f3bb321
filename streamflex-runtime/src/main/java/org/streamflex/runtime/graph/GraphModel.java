package org.streamflex.runtime.graph;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.streamflex.Clock;
import org.streamflex.Filter;
import org.streamflex.StreamFlexError;
import org.streamflex.runtime.ApiAccess;
import org.streamflex.runtime.clock.RuntimeClock;
import org.streamflex.runtime.schedule.FilterTask;
import org.streamflex.runtime.schedule.Schedulable;
import org.streamflex.spi.FilterContext;

/**
 * What one graph is made of: its filters in creation order with their names, its clocks, and the
 * problems found while building it, which {@code validate()} reports together.
 */
final class GraphModel {
    final List<FilterWiring> filters = new ArrayList<>();
    final List<RuntimeClock> clocks = new ArrayList<>();
    final List<String> problems = new ArrayList<>();
    /** Every channel connected, in connection order. */
    final List<ChannelLink> links = new ArrayList<>();
    final FilterNames names = new FilterNames();
    /** The filters the graph opted in with {@code runOnWorkers}, in call order. */
    final List<FilterWiring> onWorkers = new ArrayList<>();
    /** The filters the graph marked with {@code runOnServer}, in call order. */
    final List<FilterWiring> onServer = new ArrayList<>();
    /**
     * The filters a node/server split let go ({@link GraphSplit}), with where they run instead, for
     * the messages of calls that name them.
     */
    private final IdentityHashMap<Filter, String> elsewhere = new IdentityHashMap<>();
    /** The fused task each fused filter runs in; filled by {@link Fusion}. */
    final Map<FilterTask, Schedulable> runners = new HashMap<>();
    private final IdentityHashMap<Filter, FilterWiring> byFilter = new IdentityHashMap<>();

    void add(FilterWiring wiring) {
        filters.add(wiring);
        byFilter.put(wiring.filter, wiring);
        String duplicate = names.register(wiring);
        if (duplicate != null) {
            problems.add(duplicate);
        }
    }

    /**
     * Lets a filter go: it runs in another JVM ({@code where} says which). Its off-heap memory is
     * freed, and every channel to or from it forgotten on this side.
     */
    void remove(FilterWiring wiring, String where) {
        filters.remove(wiring);
        byFilter.remove(wiring.filter);
        elsewhere.put(wiring.filter, where);
        onWorkers.remove(wiring);
        onServer.remove(wiring);
        links.removeIf(l -> l.producer() == wiring || l.consumer() == wiring);
        filters.forEach(w -> w.downstream.remove(wiring));
        wiring.task.offHeap().close();
    }

    /** Whether the filter is part of this graph (in this JVM). */
    boolean contains(Filter filter) {
        return byFilter.containsKey(filter);
    }

    /** The filter's wiring, or null after recording that another graph made it. */
    FilterWiring wiringOf(Filter filter) {
        FilterWiring wiring = byFilter.get(filter);
        if (wiring == null) {
            problems.add(foreign(filter) + ": create filters with this graph's makeFilter");
        }
        return wiring;
    }

    /** The filter's wiring, for the calls that cannot go on without it. */
    FilterWiring require(Filter filter) {
        FilterWiring wiring = byFilter.get(filter);
        if (wiring == null) {
            throw new StreamFlexError(foreign(filter));
        }
        return wiring;
    }

    /** The clock as this graph made it, or null if another graph (or no graph) made it. */
    RuntimeClock clockOf(Clock clock) {
        return clock instanceof RuntimeClock rc && clocks.contains(rc) ? rc : null;
    }

    /** The wiring of the filter a clock of this graph releases. */
    FilterWiring targetOf(RuntimeClock clock) {
        return byFilter.get(clock.target().filter());
    }

    private String foreign(Filter filter) {
        String where = elsewhere.get(filter);
        if (where != null) {
            FilterContext context = ApiAccess.context(filter);
            return (context == null ? filter.getClass().getSimpleName() : context.filterName()) + " runs on " + where;
        }
        FilterContext context = ApiAccess.context(filter);
        String name = context == null ? filter.getClass().getSimpleName() : context.filterName();
        return name + " was not made by this graph";
    }
}
