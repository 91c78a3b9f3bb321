package org.streamflex.runtime.graph;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;
import org.streamflex.Filter;
import org.streamflex.StreamFlexError;
import org.streamflex.abi.RegionSlot;
import org.streamflex.abi.Regions;
import org.streamflex.abi.Woven;
import org.streamflex.runtime.ApiAccess;
import org.streamflex.runtime.capsule.CapsulePools;
import org.streamflex.runtime.counter.FilterEvents;
import org.streamflex.runtime.region.StableRegion;
import org.streamflex.runtime.schedule.FilterTask;
import org.streamflex.spi.StableAccount;

/**
 * Makes the filters of one graph: names each one, refuses a class woven for another ABI, runs its
 * constructor with the filter's stable region counting what the constructor keeps, and gives it
 * its runtime side, a {@link FilterTask}, as its context.
 */
final class FilterFactory {
    private final GraphModel model;
    private final CapsulePools pools;
    private final GraphSettings settings;

    FilterFactory(GraphModel model, CapsulePools pools, GraphSettings settings) {
        this.model = model;
        this.pools = pools;
        this.settings = settings;
    }

    /**
     * A new filter of {@code type}, recorded in the graph.
     *
     * @param requestedName the instance name given, or null for the default one
     * @throws StreamFlexError if the class cannot be made a filter of this runtime
     */
    <F extends Filter> F make(String requestedName, Class<F> type, int stableBytes, int transientBytes) {
        requireCurrentAbi(type); // before anything else reads the class
        String name = model.names.choose(requestedName, type);
        StableRegion stable = new StableRegion(name, Math.max(0, stableBytes));
        if (stableBytes >= 0) {
            stable.allocate(type); // the filter object itself lives in its stable region
        }
        F filter = constructCounting(type, stableBytes >= 0 ? stable : null);
        FilterTask task = new FilterTask(filter, name, pools, Math.max(0, transientBytes), stable,
                settings.atomicLimits());
        if (!settings.regions()) {
            task.disableRegion();
        }
        if (settings.heapAccounting()) {
            task.countHeapBytes();
        }
        task.events(FilterEvents.discover(type, name));
        ApiAccess.setContext(filter, task);
        FilterWiring wiring = new FilterWiring(filter, name, model.filters.size() + 1, task, stableBytes,
                transientBytes);
        if (stableBytes < 0 || transientBytes < 0) {
            model.problems.add(name + " has a negative region size (stable " + stableBytes + " bytes, transient "
                    + transientBytes + " bytes): sizes must be 0 or more");
        }
        model.add(wiring);
        return filter;
    }

    /**
     * A copy of a stateless filter for fission: a new instance of its class, made as
     * {@code makeFilter} makes one; the caller fills its channel fields and copies the original's
     * other fields ({@link #copyFields}). It is not part of the graph's model (no counters of its own).
     *
     * @param number the copy's number, for its name ({@code "Heavy#2/1"})
     */
    FilterTask replicaOf(FilterWiring original, int number) {
        Class<? extends Filter> type = original.filter.getClass();
        String name = original.name + "/" + number;
        StableRegion stable = new StableRegion(name, Math.max(0, original.stableBytes));
        if (original.stableBytes >= 0) {
            stable.allocate(type);
        }
        Filter copy = constructCounting(type, original.stableBytes >= 0 ? stable : null);
        FilterTask task = new FilterTask(copy, name, pools, Math.max(0, original.transientBytes), stable,
                settings.atomicLimits());
        if (original.task.transientRegion() == null) {
            task.disableRegion();
        }
        task.events(FilterEvents.discover(type, name));
        ApiAccess.setContext(copy, task);
        return task;
    }

    /**
     * Copies every field of {@code original}'s filter but its channels into {@code copy}: the copies
     * share what the fields hold, which a {@code @Stateless} filter only reads.
     */
    static void copyFields(FilterWiring original, Filter copy) {
        for (Class<?> c = original.filter.getClass(); c != Filter.class; c = c.getSuperclass()) {
            for (Field field : c.getDeclaredFields()) {
                if (Modifier.isStatic(field.getModifiers()) || original.fields.containsKey(field.getName())) {
                    continue;
                }
                try {
                    field.setAccessible(true);
                    field.set(copy, field.get(original.filter));
                } catch (ReflectiveOperationException | RuntimeException e) {
                    throw new StreamFlexError("cannot copy " + original.name + "." + field.getName() + " for fission: "
                            + e + "; open the filter's package to org.streamflex.runtime or turn fission off"
                            + " (-Dstreamflex.fission=false)");
                }
            }
        }
    }

    /**
     * Refuses a filter class (or a superclass up to {@code Filter}) that the javac plugin wove for
     * another ABI than this runtime's: its woven calls would not link, or would mean something else.
     */
    private static void requireCurrentAbi(Class<?> type) {
        for (Class<?> c = type; c != null && c != Filter.class; c = c.getSuperclass()) {
            Woven woven = c.getDeclaredAnnotation(Woven.class);
            if (woven != null && woven.abi() != Woven.CURRENT_ABI) {
                throw new StreamFlexError("cannot create filter " + type.getName() + ": "
                        + (c == type ? "it" : "its superclass " + c.getName()) + " was woven by the StreamFlex javac"
                        + " plugin for ABI version " + woven.abi() + ", but this runtime speaks ABI version "
                        + Woven.CURRENT_ABI + "; recompile it with the streamflex-checker plugin of the runtime's"
                        + " version");
            }
        }
    }

    /** Runs the constructor with {@code stable} counting what it keeps (null: nothing is counted). */
    private static <F extends Filter> F constructCounting(Class<F> type, StableRegion stable) {
        RegionSlot slot = Regions.current();
        StableAccount outer = ApiAccess.stableOf(slot);
        ApiAccess.setStable(slot, stable);
        try {
            return construct(type);
        } finally {
            ApiAccess.setStable(slot, outer);
        }
    }

    private static <F extends Filter> F construct(Class<F> type) {
        String name = type.getName();
        if (Modifier.isAbstract(type.getModifiers())) {
            throw new StreamFlexError("cannot create filter " + name + ": it is abstract; make a concrete subclass");
        }
        Constructor<F> constructor;
        try {
            constructor = type.getDeclaredConstructor();
        } catch (NoSuchMethodException e) {
            boolean inner = type.isMemberClass() && !Modifier.isStatic(type.getModifiers());
            throw new StreamFlexError("cannot create filter " + name + ": it has no constructor without parameters;"
                    + (inner ? " it is an inner class, declare it static" : " add one (any visibility)"));
        }
        try {
            constructor.setAccessible(true);
            return constructor.newInstance();
        } catch (InvocationTargetException e) {
            StreamFlexError error = new StreamFlexError("cannot create filter " + name + ": its constructor threw "
                    + e.getCause());
            error.initCause(e.getCause());
            throw error;
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new StreamFlexError("cannot create filter " + name + ": " + e);
        }
    }
}
