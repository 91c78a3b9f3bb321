package org.streamflex.runtime.counter;

import java.util.function.Supplier;

/**
 * A piece of text an owner's MBean shows next to its counters, such as the backend releasing a
 * clock: not a count, so not in {@code GraphCounters}, but what an operator looking at the counters
 * needs to read them.
 *
 * @param owner what kind of thing it describes
 * @param ownerName the owner's name, as its counters name it
 * @param key the MBean attribute's name
 * @param description what it says
 * @param reader reads the text now, from any thread
 */
public record TextAttribute(CounterOwner owner, String ownerName, String key, String description,
        Supplier<String> reader) {
}
