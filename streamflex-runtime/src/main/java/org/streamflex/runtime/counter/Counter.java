package org.streamflex.runtime.counter;

import java.util.function.LongSupplier;

/**
 * One named counter of a graph: {@code <owner prefix>.<owner name>.<key>}. It does not hold the
 * value: it reads it where it is written (a {@link SingleWriterCounter}, a ring's published index),
 * so registering costs the hot path nothing.
 *
 * @param owner what kind of thing it counts for
 * @param ownerName the filter's instance name, the channel's or the clock's name
 * @param key the counter within its owner ({@code fires}, {@code event.malformed-frame})
 * @param description what it counts, with its unit
 * @param reader reads the value with acquire semantics, from any thread
 */
public record Counter(CounterOwner owner, String ownerName, String key, String description, LongSupplier reader) {
    /** The full name, as {@code GraphCounters} and the graph picture show it. */
    public String name() {
        return CounterNames.of(owner, ownerName, key);
    }

    /** The value now. */
    public long value() {
        return reader.getAsLong();
    }
}
