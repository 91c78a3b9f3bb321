package org.streamflex.runtime.counter;

import java.lang.reflect.Field;
import java.lang.reflect.InaccessibleObjectException;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import org.streamflex.Filter;
import org.streamflex.FilterEvent;
import org.streamflex.StreamFlexError;

/**
 * The {@link FilterEvent}s of one filter and their counters ({@code filter.<name>.event.<event>}).
 * When the filter is made, the static {@code FilterEvent} fields of its class and superclasses are
 * read and each event gets its counter, at 0, so monitoring sees every declared event before it
 * happens. Raising one is a scan by identity over those few events and a single-writer increment:
 * no allocation. An event that is not a static field of the filter's class hierarchy (made in
 * another class, or held in an instance field) gets its counter on its first raise: that one raise
 * allocates, the next ones do not.
 *
 * <p>The counters join the graph's {@link CounterRegistry} when the graph is validated (filter names
 * are unique only then). Written only by the filter's thread (the one running {@code work()} or
 * {@code trigger()}); read through the registry from anywhere.
 */
public final class FilterEvents {
    private final String filterName;
    /** Null until the graph is validated. */
    private CounterRegistry registry;
    /** Parallel arrays, grown (copied) only when an undeclared event is first raised. */
    private FilterEvent[] events = {};
    private SingleWriterCounter[] counts = {};
    /** A replica's: per event, the count already handed over to the filter it copies. */
    private long[] handedOver = {};

    private FilterEvents(String filterName) {
        this.filterName = filterName;
    }

    /**
     * The events of a filter of class {@code type}, each with its counter. A static field
     * the runtime may not read (its package is not opened to the runtime) is skipped: its event is
     * registered when first raised.
     */
    public static FilterEvents discover(Class<? extends Filter> type, String filterName) {
        FilterEvents found = new FilterEvents(filterName);
        for (Class<?> c = type; c != null && c != Filter.class; c = c.getSuperclass()) {
            for (Field field : c.getDeclaredFields()) {
                if (field.getType() == FilterEvent.class && Modifier.isStatic(field.getModifiers())) {
                    FilterEvent event = read(field);
                    if (event != null) {
                        found.add(event);
                    }
                }
            }
        }
        return found;
    }

    private static FilterEvent read(Field field) {
        try {
            field.setAccessible(true);
            return (FilterEvent) field.get(null);
        } catch (InaccessibleObjectException | IllegalAccessException e) {
            return null;
        }
    }

    /** Counts one occurrence of {@code event}; allocation-free for a known event. */
    public void raise(FilterEvent event) {
        FilterEvent[] known = events;
        for (int i = 0; i < known.length; i++) {
            if (known[i] == event) {
                SingleWriterCounter count = counts[i];
                count.increment();
                EventFlight.raised(filterName, event, count.plain());
                return;
            }
        }
        if (event == null) {
            throw new StreamFlexError("raise(null) in filter " + filterName
                    + ": declare the event as a static final field, as in private static final FilterEvent"
                    + " MALFORMED = FilterEvent.named(\"malformed-frame\"), and raise that");
        }
        add(event);
        raise(event);
    }

    /**
     * A fissioned filter's thread, after its replicas' part of a batch: adds what this replica's
     * events counted since the last hand-over to the filter's own counters, by event name. A
     * replica runs on a worker thread and its counters are its own (one writer each); the filter's
     * thread reads them once the part is done (the part's completion orders the reads after the
     * writes) and is the one writer of the filter's. Allocation-free unless an event is new.
     */
    public void handOverTo(FilterEvents filter) {
        if (handedOver.length < counts.length) {
            handedOver = Arrays.copyOf(handedOver, counts.length);
        }
        for (int i = 0; i < events.length; i++) {
            long now = counts[i].get();
            long delta = now - handedOver[i];
            if (delta != 0 && indexOfName(events[i].name()) == i) { // instances of one name share a counter
                filter.add(events[i], delta);
            }
            handedOver[i] = now;
        }
    }

    /** Counts {@code n} occurrences of {@code event}, raised elsewhere (by a replica). */
    private void add(FilterEvent event, long n) {
        for (int i = 0; i < events.length; i++) {
            if (events[i] == event || events[i].name().equals(event.name())) {
                counts[i].add(n);
                return;
            }
        }
        add(event);
        add(event, n);
    }

    /** The count of the event of this name so far, or -1 if the filter has none of that name. */
    public long count(String eventName) {
        int i = indexOfName(eventName);
        return i < 0 ? -1 : counts[i].get();
    }

    /** Registers the counters of the events found so far, and of those first raised later. */
    public void registerWith(CounterRegistry graphCounters) {
        for (int i = 0; i < events.length; i++) {
            if (indexOfName(events[i].name()) == i) {
                register(graphCounters, events[i], counts[i]);
            }
        }
        this.registry = graphCounters;
    }

    private int indexOfName(String name) {
        for (int i = 0; i < events.length; i++) {
            if (events[i].name().equals(name)) {
                return i;
            }
        }
        return -1;
    }

    private void register(CounterRegistry graphCounters, FilterEvent event, SingleWriterCounter count) {
        graphCounters.register(CounterOwner.FILTER, filterName, CounterNames.event(event.name()),
                "times the filter raised FilterEvent \"" + event.name() + "\" (count)", count::get);
    }

    /** Adds an event instance, sharing the counter of an earlier one of the same name. */
    private void add(FilterEvent event) {
        SingleWriterCounter count = null;
        for (int i = 0; i < events.length; i++) {
            if (events[i] == event) {
                return;
            }
            if (events[i].name().equals(event.name())) {
                count = counts[i];
            }
        }
        if (count == null) {
            count = new SingleWriterCounter();
            if (registry != null) {
                register(registry, event, count);
            }
        }
        events = Arrays.copyOf(events, events.length + 1);
        counts = Arrays.copyOf(counts, counts.length + 1);
        events[events.length - 1] = event;
        counts[counts.length - 1] = count;
    }
}
