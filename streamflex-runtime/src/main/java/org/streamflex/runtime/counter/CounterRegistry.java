package org.streamflex.runtime.counter;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.function.Function;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.streamflex.Filter;
import org.streamflex.GraphCounters;
import org.streamflex.StreamFlexError;

/**
 * The named counters of one graph. Counters are registered while the graph is built and validated,
 * and a filter event raised without a declaration registers its counter on its first raise, on
 * the filter's thread, while readers may be reading: the map is concurrent and sorted, so
 * {@link #names()} and {@link #snapshot()} come in a stable order. Reading a counter reads it where
 * it is written ({@link Counter#reader()}); nothing is copied.
 */
public final class CounterRegistry implements GraphCounters {
    private final ConcurrentSkipListMap<String, Counter> counters = new ConcurrentSkipListMap<>();
    private final ConcurrentSkipListMap<String, TextAttribute> texts = new ConcurrentSkipListMap<>();
    private final Function<Filter, String> filterNames;

    /**
     * @param filterNames the instance name of a filter of the graph; throws {@link StreamFlexError}
     *     for a filter of another graph
     */
    public CounterRegistry(Function<Filter, String> filterNames) {
        this.filterNames = filterNames;
    }

    /**
     * Adds a counter.
     *
     * @throws IllegalStateException if the name is taken: a runtime bug, since owners have unique names
     */
    public Counter register(CounterOwner owner, String ownerName, String key, String description,
            LongSupplier reader) {
        Counter counter = new Counter(owner, ownerName, key, description, reader);
        if (counters.putIfAbsent(counter.name(), counter) != null) {
            throw new IllegalStateException("counter " + counter.name() + " registered twice");
        }
        return counter;
    }

    /** Adds a text an owner's MBean shows next to its counters ({@link TextAttribute}). */
    public void registerText(CounterOwner owner, String ownerName, String key, String description,
            Supplier<String> reader) {
        TextAttribute text = new TextAttribute(owner, ownerName, key, description, reader);
        texts.put(CounterNames.of(owner, ownerName, key), text);
    }

    /** The texts of one owner, by sorted key. */
    public List<TextAttribute> textsOf(CounterOwner owner, String ownerName) {
        String prefix = CounterNames.of(owner, ownerName, "");
        return List.copyOf(texts.subMap(prefix, prefix + Character.MAX_VALUE).values());
    }

    /** The counter of this name, or null. */
    public Counter find(String name) {
        return counters.get(name);
    }

    /** Every counter, by sorted name. */
    public List<Counter> all() {
        return List.copyOf(counters.values());
    }

    /** The counters of one owner, by sorted name. */
    public List<Counter> of(CounterOwner owner, String ownerName) {
        String prefix = CounterNames.of(owner, ownerName, "");
        return List.copyOf(counters.subMap(prefix, prefix + Character.MAX_VALUE).values());
    }

    @Override
    public long value(String name) {
        return require(name).value();
    }

    @Override
    public long value(Filter filter, String counter) {
        String owner = filterNames.apply(Objects.requireNonNull(filter, "filter"));
        return value(CounterNames.of(CounterOwner.FILTER, owner, Objects.requireNonNull(counter, "counter")));
    }

    @Override
    public String description(String name) {
        return require(name).description();
    }

    @Override
    public SortedSet<String> names() {
        return Collections.unmodifiableSortedSet(new TreeSet<>(counters.keySet()));
    }

    @Override
    public Map<String, Long> snapshot() {
        Map<String, Long> values = new LinkedHashMap<>();
        counters.forEach((name, counter) -> values.put(name, counter.value()));
        return Collections.unmodifiableMap(values);
    }

    private Counter require(String name) {
        Counter counter = counters.get(Objects.requireNonNull(name, "name"));
        if (counter == null) {
            throw new StreamFlexError("no counter named \"" + name + "\" in this graph; the closest are "
                    + closest(name, 3) + ". Names are <filter|channel|clock|atomic>.<owner>.<counter>, as"
                    + " GraphCounters.names() lists them");
        }
        return counter;
    }

    /** Up to {@code n} names nearest {@code name} by edit distance, nearest first. */
    List<String> closest(String name, int n) {
        List<String> names = new ArrayList<>(counters.keySet());
        names.sort(Comparator.comparingInt((String candidate) -> distance(name, candidate))
                .thenComparing(Comparator.naturalOrder()));
        return names.subList(0, Math.min(n, names.size()));
    }

    /** Levenshtein distance, two rows. */
    static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
