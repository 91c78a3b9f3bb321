package org.streamflex.runtime.graph;

import org.streamflex.runtime.atomic.FilterAtomicity;
import org.streamflex.runtime.channel.SpscRing;
import org.streamflex.runtime.clock.RuntimeClock;
import org.streamflex.runtime.counter.CounterNames;
import org.streamflex.runtime.counter.CounterOwner;
import org.streamflex.runtime.counter.CounterRegistry;
import org.streamflex.runtime.region.TransientRegion;
import org.streamflex.runtime.schedule.FilterTask;

/**
 * Which counters a graph has: registers, when the graph is validated (names are unique only then),
 * a reader for every counter where it is written. The list with descriptions is the runtime
 * README's "Counters, JMX and the graph picture".
 */
final class GraphCounterRegistration {
    private GraphCounterRegistration() {
    }

    /** Every counter of the validated graph. */
    static void registerAll(CounterRegistry registry, GraphModel model) {
        for (FilterWiring w : model.filters) {
            registerFilter(registry, w.name, w.task);
            for (SpscRing ring : w.outputs) {
                registerChannel(registry, ring);
            }
        }
        for (RuntimeClock clock : model.clocks) {
            registerClock(registry, clock);
        }
    }

    /**
     * The counters of one filter (and of its {@code @Atomic} calls, if it has any), the failure
     * policy's counts included, read from the task where its thread writes them.
     */
    static void registerFilter(CounterRegistry registry, String name, FilterTask task) {
        CounterOwner f = CounterOwner.FILTER;
        registry.register(f, name, "fires", "work() calls, committed or rolled back (count)", task::fires);
        registry.register(f, name, "commits", "work() calls that returned and were published (count)",
                task::commits);
        registry.register(f, name, "aborts", "work() calls that threw and were rolled back"
                + " (count; under a skip policy only their puts, their takes are discarded)", task::aborts);
        registry.register(f, name, "heapBytes", "heap bytes its work() calls allocated while heap counting is on"
                + " (bytes; 0 when off: graph.countHeapBytes())", task::heapBytes);
        registry.register(f, name, "transientPeakBytes", "the most one finished work() allocated from its"
                + " transient region (bytes; 0 without a region)", () -> {
                    TransientRegion region = task.transientRegion();
                    return region == null ? 0 : region.peakBytes();
                });
        registry.register(f, name, "stableBytes", "bytes its stable region holds: the filter, its stable objects"
                + " and off-heap segments (bytes)", () -> task.stableRegion().usedBytes());
        registry.register(f, name, "failures", "exceptions that escaped its work() or trigger(), skipped by its"
                + " failure policy or not (count)", () -> task.failureCount().failures());
        registry.register(f, name, "discarded", "items taken by failed work() calls its failure policy skipped,"
                + " consumed without effect (count)", () -> task.failureCount().discarded());
        task.events().registerWith(registry);
        FilterAtomicity atomic = task.atomicity();
        if (atomic != null) {
            CounterOwner a = CounterOwner.ATOMIC;
            registry.register(a, name, "commits", "@Atomic calls whose writes were applied (count)", atomic::commits);
            registry.register(a, name, "turnedBack", "@Atomic calls the filter's thread turned back because a"
                    + " release changed what they read (count)", atomic::rejections);
            registry.register(a, name, "reRuns", "attempts of @Atomic calls that ran again: stale snapshot or"
                    + " turned back (count)", atomic::retries);
        }
    }

    /** Counters of a channel, read from its ring's published fields: nothing is copied per item. */
    static void registerChannel(CounterRegistry registry, SpscRing ring) {
        String name = CounterNames.channel(ring.name());
        CounterOwner c = CounterOwner.CHANNEL;
        registry.register(c, name, "published", "items its producer published (count)", ring::published);
        registry.register(c, name, "consumed", "items its consumer took and committed (count)", ring::consumed);
        registry.register(c, name, "dropped", "items put while it was full, dropped (count)", ring::dropped);
        registry.register(c, name, "capacity", "items it holds at most (items)", ring::capacity);
    }

    static void registerClock(CounterRegistry registry, RuntimeClock clock) {
        String name = CounterNames.clock(clock.index());
        CounterOwner c = CounterOwner.CLOCK;
        registry.register(c, name, "releases", "releases of its filter (count)", clock::releases);
        registry.register(c, name, "missedDeadlines", "releases that completed after their deadline, by the"
                + " paper's release rule (count)", clock::missedDeadlines);
        registry.register(c, name, "periodMicros", "its period (microseconds; 0: free-running)",
                clock::periodMicros);
        registry.registerText(c, name, "backend", "the backend releasing it, as Clock.backend() says",
                clock::backend);
    }
}
