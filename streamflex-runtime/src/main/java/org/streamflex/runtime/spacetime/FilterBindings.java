package org.streamflex.runtime.spacetime;

import java.lang.reflect.Field;
import java.util.function.Supplier;
import org.streamflex.StreamFlexGraph;
import org.streamflex.runtime.ApiAccess;
import org.streamflex.runtime.graph.RuntimeGraph;
import org.streamflex.spi.GraphAssembly;

/**
 * What {@link SpaceTimeFilters} (a space in this JVM) and {@link RemoteSpaceTimeFilters} (a
 * server's space) share: binding a handle to a filter's field by name, with errors naming the
 * field and the fix, and finding the graph whose stop makes the filters leave.
 *
 * <pre>{@code
 * FilterBindings.bind(filter, "frames", SpaceTimeInput.class, () -> new SpaceTimeInput(...));
 * }</pre>
 */
final class FilterBindings {
    private FilterBindings() {
    }

    /**
     * Sets the filter's field {@code name}, which must be declared as {@code type} and unbound, to
     * the handle {@code make} attaches: the field is checked before anything is attached for it.
     *
     * @throws SpaceTimeStateException if the field is missing, of another type, or already bound
     */
    static <T> void bind(SpaceTimeFilter filter, String name, Class<T> type, Supplier<? extends T> make) {
        Field f = unbound(filter, field(filter, name, type));
        T handle = make.get();
        try {
            f.set(filter, handle);
        } catch (ReflectiveOperationException e) {
            throw new SpaceTimeStateException("cannot bind field '" + f.getName() + "' of filter "
                    + filter.getClass().getName() + ": " + e + "; open the filter's package to org.streamflex.runtime");
        }
    }

    /**
     * The runtime's graph behind {@code graph}.
     *
     * @throws SpaceTimeStateException if the graph was assembled by another runtime
     */
    static RuntimeGraph runtimeGraph(StreamFlexGraph graph) {
        GraphAssembly assembly = ApiAccess.assemblyOf(graph);
        if (!(assembly instanceof RuntimeGraph runtimeGraph)) {
            throw new SpaceTimeStateException("graph " + graph.getClass().getName() + " was assembled by another"
                    + " runtime (" + assembly.getClass().getName() + "): space-time filters need StreamFlex's");
        }
        return runtimeGraph;
    }

    /** Refuses a filter that joined a space already. */
    static void checkNotJoined(SpaceTimeFilter filter) {
        if (filter.spaceTimeThread() != null) {
            throw new SpaceTimeStateException("filter " + filter.getClass().getName() + " already joined a space"
                    + " as thread " + filter.spaceTimeThread().filterName() + "; join each filter once");
        }
    }

    /** The value of the filter's field {@code name}, a handle or null. */
    static Object boundValue(SpaceTimeFilter filter, String name) {
        for (Class<?> c = filter.getClass(); c != SpaceTimeFilter.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (f.getName().equals(name)) {
                    try {
                        f.setAccessible(true);
                        return f.get(filter);
                    } catch (ReflectiveOperationException | RuntimeException e) {
                        throw new SpaceTimeStateException("cannot read field '" + name + "' of filter "
                                + filter.getClass().getName() + ": " + e + "; open the filter's package to"
                                + " org.streamflex.runtime");
                    }
                }
            }
        }
        throw new SpaceTimeStateException("filter " + filter.getClass().getName() + " has no field '" + name
                + "': declare private SpaceTimeInput " + name + "; or private SpaceTimeQueueInput " + name + ";");
    }

    private static Field field(SpaceTimeFilter filter, String name, Class<?> type) {
        for (Class<?> c = filter.getClass(); c != SpaceTimeFilter.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (f.getName().equals(name)) {
                    if (f.getType() != type) {
                        throw new SpaceTimeStateException("field '" + name + "' of filter "
                                + filter.getClass().getName() + " is a " + f.getType().getSimpleName() + ", not a "
                                + type.getSimpleName() + ": declare it as private " + type.getSimpleName() + " " + name
                                + ";");
                    }
                    return f;
                }
            }
        }
        throw new SpaceTimeStateException("filter " + filter.getClass().getName() + " has no field '" + name
                + "': declare private " + type.getSimpleName() + " " + name + ";");
    }

    /** The field, accessible and unbound: checked before a connection is attached for it. */
    private static Field unbound(SpaceTimeFilter filter, Field f) {
        Object now;
        try {
            f.setAccessible(true);
            now = f.get(filter);
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new SpaceTimeStateException("cannot bind field '" + f.getName() + "' of filter "
                    + filter.getClass().getName() + ": " + e + "; open the filter's package to org.streamflex.runtime");
        }
        if (now != null) {
            throw new SpaceTimeStateException("field '" + f.getName() + "' of filter " + filter.getClass().getName()
                    + " is already bound; bind each field once");
        }
        return f;
    }
}
