package org.streamflex;

import java.util.Map;
import java.util.SortedSet;

/**
 * The named counters of one graph, readable from any thread while it runs. Each counter has one
 * writer (the thread that does what it counts) and is read here with acquire semantics, so a value
 * read is one the writer published, never a torn or stale-forever one; counters only grow, except
 * the region and heap byte ones, which are sizes.
 *
 * <p>Names are {@code <owner kind>.<owner name>.<counter>}, stable across runs of the same graph:
 * <pre>{@code
 * filter.Sink#2.fires                    work() calls that committed
 * filter.Decoder.event.malformed-frame   a FilterEvent the filter raised
 * channel.Gen.out->Mid.in.dropped        items a full channel refused
 * clock.clock-0.missedDeadlines          releases that completed late
 * atomic.Reader.turnedBack               @Atomic calls a release turned back
 *
 * GraphCounters counters = graph.counters();
 * long drops = counters.value("channel.Gen.out->Mid.in.dropped");
 * counters.snapshot().forEach((name, value) -> System.out.println(name + " = " + value));
 * }</pre>
 * The full list, with what each counts, is in the runtime's README ("Counters, JMX and the graph
 * picture"); {@link #description(String)} gives it at run time.
 */
public interface GraphCounters {
    /**
     * The counter's current value.
     *
     * @throws StreamFlexError if the graph has no counter of that name, naming the closest ones
     */
    long value(String name);

    /**
     * The value of counter {@code counter} of {@code filter}, e.g. {@code value(sink, "fires")} for
     * {@code filter.Sink#2.fires}.
     *
     * @throws StreamFlexError if the filter is not of this graph or has no such counter
     */
    long value(Filter filter, String counter);

    /**
     * What the counter counts, and in which unit.
     *
     * @throws StreamFlexError if the graph has no counter of that name, naming the closest ones
     */
    String description(String name);

    /** Every counter's name, sorted. Filter events raised without a declaration join when first raised. */
    SortedSet<String> names();

    /** Every counter's value now, by sorted name: each value is read once, not all at one instant. */
    Map<String, Long> snapshot();
}
