package org.streamflex.runtime.spacetime;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;

/**
 * Binds {@link SpaceTimeFilter}s to a space when a graph is built: each filter joins the space as
 * a thread of its own, with a virtual time, and its {@link SpaceTimeInput} and
 * {@link SpaceTimeOutput} fields are bound by name to channels, as {@code connect} injects
 * channels. Bind before anything is put on the channels a filter reads: a connection attached
 * by a thread at {@link SpaceTime#INFINITY} starts with every item already there consumed (the
 * paper's attach rule). When the graph stops, {@link #leave()} takes every filter out of the
 * space, so that a stopped filter's virtual time no longer holds the collector back.
 *
 * <pre>{@code
 * SpaceTimeFilters st = SpaceTimeFilters.of(space);
 * st.join(camera, 0).output(camera, "frames", frames);                  // a source: virtual time 0
 * st.join(tracker, SpaceTime.INFINITY).input(tracker, "frames", frames); // inherits timestamps
 * graph.validate();
 * ...
 * st.leave();                                                            // after the graph stopped
 * }</pre>
 *
 * <p>Used by the thread that builds the graph; the fields are set before the graph starts, so the
 * graph's start hands them to the filters' threads.
 */
public final class SpaceTimeFilters {
    private final SpaceTime space;
    private final List<SpaceTimeFilter> joined = new ArrayList<>();

    private SpaceTimeFilters(SpaceTime space) {
        this.space = space;
    }

    public static SpaceTimeFilters of(SpaceTime space) {
        return new SpaceTimeFilters(space);
    }

    /**
     * Joins {@code filter} to the space at {@code virtualTime}: a source at the timestamp of its
     * first put, a filter that only puts timestamps it gets at {@link SpaceTime#INFINITY}.
     *
     * @throws SpaceTimeStateException if the filter already joined a space
     * @throws VirtualTimeException if {@code virtualTime} is below the space's horizon
     */
    public SpaceTimeFilters join(SpaceTimeFilter filter, long virtualTime) {
        if (filter.spaceTimeThread() != null) {
            throw new SpaceTimeStateException("filter " + filter.getClass().getName() + " already joined a space"
                    + " as thread " + filter.spaceTimeThread().filterName + "; join each filter once");
        }
        String name = filter.getClass().getSimpleName() + "#" + (joined.size() + 1);
        filter.joined(new FilterThread(space, space.join(name, virtualTime), name));
        joined.add(filter);
        return this;
    }

    /**
     * Binds the filter's {@link SpaceTimeInput} field {@code field} to a new input connection to {@code channel}.
     *
     * @throws SpaceTimeStateException if the filter has not joined, or the field is missing, of another
     *     type, or already bound
     */
    public SpaceTimeFilters input(SpaceTimeFilter filter, String field, SpaceTimeChannel channel) {
        FilterThread t = threadOf(filter, field);
        Field f = unbound(filter, field(filter, field, SpaceTimeInput.class));
        set(filter, f, new SpaceTimeInput(t, t.thread.attachInput(channel), channel));
        return this;
    }

    /**
     * Binds the filter's {@link SpaceTimeOutput} field {@code field} to a new output connection to {@code channel}.
     *
     * @throws SpaceTimeStateException as {@link #input}
     */
    public SpaceTimeFilters output(SpaceTimeFilter filter, String field, SpaceTimeChannel channel) {
        FilterThread t = threadOf(filter, field);
        Field f = unbound(filter, field(filter, field, SpaceTimeOutput.class));
        set(filter, f, new SpaceTimeOutput(t, t.thread.attachOutput(channel), channel));
        return this;
    }

    /** The filter's space-time thread: its virtual time and visibility, for monitoring and tests. */
    public SpaceTimeThread thread(SpaceTimeFilter filter) {
        return threadOf(filter, null).thread;
    }

    /** Every joined filter leaves the space: call it once the graph has stopped. */
    public void leave() {
        for (SpaceTimeFilter f : joined) {
            f.spaceTimeThread().thread.leave();
        }
    }

    private FilterThread threadOf(SpaceTimeFilter filter, String field) {
        FilterThread t = filter.spaceTimeThread();
        if (t == null || !joined.contains(filter)) {
            throw new SpaceTimeStateException("filter " + filter.getClass().getName()
                    + (field == null ? "" : " cannot bind field '" + field + "'") + ": it has not joined this space;"
                    + " call join(filter, virtualTime) on this SpaceTimeFilters first");
        }
        return t;
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

    private static void set(SpaceTimeFilter filter, Field f, Object handle) {
        try {
            f.set(filter, handle);
        } catch (ReflectiveOperationException e) {
            throw new SpaceTimeStateException("cannot bind field '" + f.getName() + "' of filter "
                    + filter.getClass().getName() + ": " + e + "; open the filter's package to org.streamflex.runtime");
        }
    }
}
