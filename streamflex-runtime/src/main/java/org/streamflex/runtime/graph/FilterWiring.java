package org.streamflex.runtime.graph;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.streamflex.Filter;
import org.streamflex.DuplicateSplitter;
import org.streamflex.Joiner;
import org.streamflex.RoundRobinJoiner;
import org.streamflex.RoundRobinSplitter;
import org.streamflex.runtime.channel.SpscRing;
import org.streamflex.runtime.channel.TimeSlot;
import org.streamflex.runtime.schedule.FilterTask;

/** One filter while the graph is being built: its channel fields and what they connect to. */
final class FilterWiring {
    final Filter filter;
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
    final List<JoinerInput> splitterOutputs = new ArrayList<>();
    /** For a splitter whose input is connected: the kind and element type of that input. */
    ChannelKind splitterInputKind;
    Class<? extends org.streamflex.Capsule> splitterInputElement;
    /** For a Joiner: its inputs, in connection order, with their kinds and element types. */
    final List<JoinerInput> joinerInputs = new ArrayList<>();
    /** For a Joiner whose output is connected: the kind, element type and target of that output. */
    ChannelKind joinerOutputKind;
    Class<?> joinerOutputElement;
    String joinerOutputTarget;

    FilterWiring(Filter filter, FilterTask task, int stableBytes, int transientBytes) {
        this.filter = filter;
        this.task = task;
        this.stableBytes = stableBytes;
        this.transientBytes = transientBytes;
        for (Class<?> c = filter.getClass(); c != Filter.class; c = c.getSuperclass()) {
            for (Field field : c.getDeclaredFields()) {
                ChannelKind kind = ChannelKind.of(field.getType());
                if (kind != null && !Modifier.isStatic(field.getModifiers())) {
                    fields.putIfAbsent(field.getName(), new ChannelField(field, kind));
                }
            }
        }
    }

    /** A built-in with many inputs (its field {@code inputs} is injected): Joiner, RoundRobinJoiner. */
    boolean isJoiner() {
        return filter instanceof Joiner || filter instanceof RoundRobinJoiner;
    }

    /** A built-in with many outputs (its field {@code outputs} is injected). */
    boolean isSplitter() {
        return filter instanceof DuplicateSplitter || filter instanceof RoundRobinSplitter;
    }

    String simpleName() {
        return filter.getClass().getSimpleName();
    }

    String className() {
        return filter.getClass().getName();
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

    record JoinerInput(ChannelKind kind, Class<?> elementType, Object channel, String source) {
    }
}
