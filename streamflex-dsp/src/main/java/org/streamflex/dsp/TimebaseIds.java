package org.streamflex.dsp;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Small integer names for timebases, so that time can travel where only primitives may: in a
 * capsule field ({@code SegMark.timebase}), beside a scalar stream. Each distinct timebase (by
 * {@code equals}) gets one id for the life of the process, from 0 up, the first time it is asked
 * for; the same timebase always gets the same id, on every thread.
 *
 * <pre>{@code
 * int id = TimebaseIds.id(seg.timebase());     // in a dewindow: time into a capsule
 * Timebase tb = TimebaseIds.timebase(id);      // in a window: back to a timebase
 * }</pre>
 *
 * <p>Lookups allocate nothing and take no lock; registering a new timebase takes a lock and
 * allocates (a map entry, a boxed id, a copy of the id table), once per timebase. Ids are never
 * reused: a program that makes timebases without end (one per connection, say) grows the table
 * without end, so give long-lived signals long-lived timebases.
 */
@SuppressWarnings("StreamFlex:R3") // a process-wide registry read from work(): its maps are thread-safe and only grow
public final class TimebaseIds {
    private static final ConcurrentHashMap<Timebase, Integer> IDS = new ConcurrentHashMap<>();
    /** Indexed by id; written before the map, so that a reader that learnt an id finds its timebase. */
    private static final CopyOnWriteArrayList<Timebase> BY_ID = new CopyOnWriteArrayList<>();

    private TimebaseIds() {
    }

    /** The id of {@code timebase}, registering it if it has none. */
    public static int id(Timebase timebase) {
        Integer known = IDS.get(timebase);
        return known != null ? known : register(timebase);
    }

    /**
     * The timebase registered as {@code id}.
     *
     * @throws IllegalArgumentException if no timebase has this id
     */
    public static Timebase timebase(int id) {
        if (id < 0 || id >= BY_ID.size()) {
            throw new IllegalArgumentException("no timebase has id " + id + ": ids come from TimebaseIds.id(timebase),"
                    + " and " + BY_ID.size() + " are registered");
        }
        return BY_ID.get(id);
    }

    private static synchronized int register(Timebase timebase) {
        Integer known = IDS.get(timebase);
        if (known != null) {
            return known;
        }
        int id = BY_ID.size();
        BY_ID.add(timebase);
        IDS.put(timebase, id);
        return id;
    }
}
