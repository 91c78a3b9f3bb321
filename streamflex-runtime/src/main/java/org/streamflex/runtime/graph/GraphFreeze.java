package org.streamflex.runtime.graph;

import java.lang.reflect.Method;
import java.util.List;
import java.util.Map;
import org.streamflex.DataChannel;
import org.streamflex.Filter;
import org.streamflex.runtime.atomic.FilterAtomicity;
import org.streamflex.runtime.capsule.CapsulePools;
import org.streamflex.runtime.channel.CapsuleRing;
import org.streamflex.runtime.channel.SpscRing;
import org.streamflex.runtime.channel.TimeSlot;
import org.streamflex.runtime.clock.RuntimeClock;
import org.streamflex.runtime.schedule.Schedulable;

/**
 * What {@code validate()} fixes once the graph is correct: each filter's channels, downstream
 * filters and trigger; which filters several clocks share; which clock applies each filter's
 * {@code @Atomic} calls; the built-ins' channel arrays; confinement of the rings when one thread
 * runs everything; and the capacity of the capsule pools.
 */
final class GraphFreeze {
    private GraphFreeze() {
    }

    static void freeze(GraphModel model, CapsulePools pools) {
        Map<FilterWiring, Integer> reachedBy = GraphChecks.clocksReaching(model);
        for (RuntimeClock clock : model.clocks) {
            clock.applyCallsOf(GraphChecks.reachedFrom(clock, model).stream()
                    .filter(w -> w.task.atomicity() != null && reachedBy.getOrDefault(w, 0) == 1)
                    .map(w -> w.task.atomicity()).toArray(FilterAtomicity[]::new));
        }
        if (model.clocks.size() == 1) {
            // One clock thread (or a driver) runs every filter: no ring is seen by two threads. Workers
            // undo this for the links they run across threads (WorkerAssignment).
            model.filters.forEach(w -> w.outputs.forEach(SpscRing::confine));
        }
        int capsuleCapacity = 0;
        for (FilterWiring w : model.filters) {
            if (w.isJoiner()) {
                injectArray(w, "inputs", w.joinerInputs);
            }
            if (w.isSplitter()) {
                injectArray(w, "outputs", w.splitterOutputs);
            }
            for (ChannelField field : w.fields.values()) {
                if (field.array) {
                    field.injectArray(w.filter);
                }
            }
            for (SpscRing r : w.outputs) {
                if (r instanceof CapsuleRing) {
                    capsuleCapacity += r.capacity();
                }
            }
            Schedulable[] downstream = w.downstream.stream().map(d -> d.task).toArray(Schedulable[]::new);
            w.task.wire(w.inputs.toArray(SpscRing[]::new), w.outputs.toArray(SpscRing[]::new),
                    w.timers.toArray(TimeSlot[]::new), downstream, overridesTrigger(w.filter.getClass()),
                    reachedBy.getOrDefault(w, 0) > 1);
        }
        // Live capsules are bounded by what the channels hold plus what works have in hand.
        long wanted = Math.max(1024L, 2L * capsuleCapacity);
        pools.capacity((int) Math.min(1 << 20, wanted));
    }

    /** Gives a built-in joiner or splitter its channels, in connection order. */
    private static void injectArray(FilterWiring builtin, String fieldName, List<FilterWiring.Port> ports) {
        DataChannel[] channels = ports.stream().map(p -> (DataChannel) p.channel()).toArray(DataChannel[]::new);
        try {
            var field = builtin.filter.getClass().getDeclaredField(fieldName);
            field.setAccessible(true);
            field.set(builtin.filter, channels);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("the runtime does not match this API version: " + e, e);
        }
    }

    /** Whether a filter class has its own {@code trigger()}. */
    static boolean overridesTrigger(Class<?> type) {
        for (Class<?> c = type; c != Filter.class; c = c.getSuperclass()) {
            for (Method m : c.getDeclaredMethods()) {
                if (m.getName().equals("trigger") && m.getParameterCount() == 0) {
                    return true;
                }
            }
        }
        return false;
    }
}
