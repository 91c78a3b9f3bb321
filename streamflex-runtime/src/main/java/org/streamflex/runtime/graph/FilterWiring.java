package org.streamflex.runtime.graph;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.streamflex.DuplicateSplitter;
import org.streamflex.Filter;
import org.streamflex.Joiner;
import org.streamflex.RoundRobinJoiner;
import org.streamflex.RoundRobinSplitter;
import org.streamflex.runtime.channel.SpscRing;
import org.streamflex.runtime.channel.TimeSlot;
import org.streamflex.runtime.schedule.FilterTask;

/** One filter while the graph is being built: its name, its channel fields and what they connect to. */
final class FilterWiring {
    final Filter filter;
    /** The instance name messages use ({@code "Sink#2"}). */
    final String name;
    /** Its position in creation order, from 1. */
    final int number;
    final FilterTask task;
    final int stableBytes;
    final int transientBytes;
    /** Channel fields by name; a subclass's field hides a superclass's of the same name. */
    final Map<String, ChannelField> fields = new LinkedHashMap<>();
    final List<SpscRing> inputs = new ArrayList<>();
    final List<SpscRing> outputs = new ArrayList<>();
    final List<TimeSlot> timers = new ArrayList<>();
    final Set<FilterWiring> downstream = new LinkedHashSet<>();
    /** For a splitter: its outputs, in connection order. */
    final List<Port> splitterOutputs = new ArrayList<>();
    /** For a splitter whose input is connected: the kind and element type of that input. */
    ChannelKind splitterInputKind;
    Class<?> splitterInputElement;
    /** For a Joiner: its inputs, in connection order, with their kinds and element types. */
    final List<Port> joinerInputs = new ArrayList<>();
    /** For a Joiner whose output is connected: the kind, element type and target of that output. */
    ChannelKind joinerOutputKind;
    Class<?> joinerOutputElement;
    String joinerOutputTarget;

    FilterWiring(Filter filter, String name, int number, FilterTask task, int stableBytes, int transientBytes) {
        this.filter = filter;
        this.name = name;
        this.number = number;
        this.task = task;
        this.stableBytes = stableBytes;
        this.transientBytes = transientBytes;
        for (Class<?> c = filter.getClass(); c != Filter.class; c = c.getSuperclass()) {
            for (Field field : c.getDeclaredFields()) {
                ChannelKind kind = ChannelKind.of(field.getType());
                if (kind == null && field.getType().isArray()) {
                    ChannelKind component = ChannelKind.of(field.getType().getComponentType());
                    // An array of data channels of one kind; the built-ins' DataChannel[] are filled their own way.
                    kind = component == ChannelKind.TIME || component == ChannelKind.ANY ? null : component;
                }
                if (kind != null && !Modifier.isStatic(field.getModifiers()) && !fields.containsKey(field.getName())) {
                    fields.put(field.getName(), new ChannelField(field, kind, name, roleOf(field.getName(), kind)));
                }
            }
        }
    }

    /**
     * The built-ins are not woven, but their one channel field is known: a joiner's {@code out},
     * a splitter's {@code in}.
     */
    private FieldRole roleOf(String field, ChannelKind kind) {
        if (kind == ChannelKind.ANY && (isJoiner() || isSplitter())) {
            return isJoiner() ? FieldRole.OUTPUT : FieldRole.INPUT;
        }
        return FieldRole.of(filter.getClass(), field);
    }

    /** A built-in with many inputs (its field {@code inputs} is injected): Joiner, RoundRobinJoiner. */
    boolean isJoiner() {
        return filter instanceof Joiner || filter instanceof RoundRobinJoiner;
    }

    /** A built-in with many outputs (its field {@code outputs} is injected). */
    boolean isSplitter() {
        return filter instanceof DuplicateSplitter || filter instanceof RoundRobinSplitter;
    }

    String simpleClassName() {
        return filter.getClass().getSimpleName();
    }

    List<ChannelField> free(boolean time) {
        List<ChannelField> free = new ArrayList<>();
        for (ChannelField f : fields.values()) {
            if (!f.claimed && (f.kind == ChannelKind.TIME) == time) {
                free.add(f);
            }
        }
        return free;
    }

    List<String> channelFieldNames() {
        return List.copyOf(fields.keySet());
    }

    @Override
    public String toString() {
        return name;
    }

    /** One of the many channels of a built-in joiner or splitter, in connection order. */
    record Port(ChannelKind kind, Class<?> elementType, Object channel, String source) {
    }
}
