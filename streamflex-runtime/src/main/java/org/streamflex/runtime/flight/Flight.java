package org.streamflex.runtime.flight;

import org.streamflex.BoundaryError;
import org.streamflex.Filter;
import org.streamflex.runtime.ApiAccess;

/**
 * The runtime's one-line calls that write its flight recorder events. Each checks that its event
 * type is enabled before it makes an event, as the JDK's own hot code does with
 * {@code jdk.internal.event} classes: with no recording running, or the event disabled, a call
 * costs a load and a branch and allocates nothing. Without a recording the event classes are not
 * even instrumented, and {@code isEnabled()} is the base class's constant {@code false}.
 *
 * <p>The probes are never committed, only asked {@code isEnabled()}, which the flight recorder
 * answers for the event type as a whole, so one instance serves every thread. Events that are
 * written are made fresh: throttled events keep their start time in the instance, so they cannot
 * be reused. The one event written at a clock's rate, {@link ReleaseEvent}, is reused per clock
 * thread instead ({@link ClockFlight}).
 *
 * <pre>{@code
 * if (drops != 0) {
 *     Flight.drop(name, capacity, drops, total);   // where the ring publishes a work()'s drops
 * }
 * }</pre>
 */
public final class Flight {
    private static final ChannelDropEvent DROP = new ChannelDropEvent();
    private static final DeadlineMissEvent MISS = new DeadlineMissEvent();
    private static final FilterFailureEvent FAILURE = new FilterFailureEvent();
    private static final RegionFullEvent REGION_FULL = new RegionFullEvent();
    private static final AtomicTurnedBackEvent TURNED_BACK = new AtomicTurnedBackEvent();
    private static final RaisedFilterEvent RAISED = new RaisedFilterEvent();

    private Flight() {
    }

    /** A committed {@code work()} dropped {@code count} items on {@code channel}, {@code dropped} in all. */
    public static void drop(String channel, int capacity, int count, long dropped) {
        if (DROP.isEnabled()) {
            ChannelDropEvent e = new ChannelDropEvent();
            if (e.shouldCommit()) {
                e.channel = channel;
                e.capacity = capacity;
                e.count = count;
                e.dropped = dropped;
                e.commit();
            }
        }
    }

    /** A release missed its deadline; times in nanoseconds since the graph's boundary 0. */
    static void deadlineMiss(String clock, int periodMicros, String filter, long boundary, long completionNanos,
            long skipped, long missedDeadlines) {
        if (MISS.isEnabled()) {
            DeadlineMissEvent e = new DeadlineMissEvent();
            if (e.shouldCommit()) {
                e.clock = clock;
                e.period = periodMicros;
                e.filter = filter;
                e.boundary = boundary;
                e.lateness = completionNanos - (boundary + 1) * periodMicros * 1000L;
                e.skipped = skipped;
                e.missedDeadlines = missedDeadlines;
                e.commit();
            }
        }
    }

    /** A filter's failure reached {@code releasedBy} (a clock's name, or {@code GraphDriver}). */
    public static void failure(BoundaryError failure, String releasedBy) {
        if (FAILURE.isEnabled()) {
            failure(failure.filterName(), failure.filterClassName(), failure.causeClassName(), failure.getMessage(),
                    releasedBy, false);
        }
    }

    /** A filter's failure was skipped by its failure policy, on the thread that ran the filter. */
    public static void skippedFailure(BoundaryError failure) {
        if (FAILURE.isEnabled()) {
            failure(failure.filterName(), failure.filterClassName(), failure.causeClassName(), failure.getMessage(),
                    Thread.currentThread().getName(), true);
        }
    }

    /** A release failed outside a filter's code (a runtime fault, an {@code Error}). */
    public static void failure(String filter, Filter instance, Throwable cause, String releasedBy) {
        if (FAILURE.isEnabled()) {
            failure(filter, instance.getClass().getName(), cause.getClass().getName(), String.valueOf(cause),
                    releasedBy, false);
        }
    }

    private static void failure(String filter, String filterClass, String cause, String message, String by,
            boolean skipped) {
        FilterFailureEvent e = new FilterFailureEvent();
        if (e.shouldCommit()) {
            e.filter = filter;
            e.filterClass = filterClass;
            e.cause = cause;
            e.message = message;
            e.releasedBy = by;
            e.skipped = skipped;
            e.commit();
        }
    }

    /** An allocation of {@code requested} bytes did not fit {@code filter}'s region. */
    public static void regionFull(String filter, String region, long capacity, long used, long requested,
            String allocation) {
        if (REGION_FULL.isEnabled()) {
            RegionFullEvent e = new RegionFullEvent();
            if (e.shouldCommit()) {
                e.filter = filter;
                e.region = region;
                e.capacity = capacity;
                e.used = used;
                e.requested = requested;
                e.allocation = allocation;
                e.commit();
            }
        }
    }

    /** An {@code @Atomic} call on {@code receiver} was turned back at commit; on the calling thread. */
    public static void atomicTurnedBack(Object receiver, int reads, int writes, long retries) {
        if (TURNED_BACK.isEnabled()) {
            AtomicTurnedBackEvent e = new AtomicTurnedBackEvent();
            if (e.shouldCommit()) {
                e.filter = receiver instanceof Filter f ? ApiAccess.context(f).filterName() : String.valueOf(receiver);
                e.reads = reads;
                e.writes = writes;
                e.retries = retries;
                e.commit();
            }
        }
    }

    /**
     * A filter raised the event {@code eventName}: for the API's {@code FilterEvent}/{@code raise}.
     *
     * <pre>{@code
     * Flight.filterEvent(filterName, event.name());
     * }</pre>
     */
    public static void filterEvent(String filterName, String eventName) {
        if (RAISED.isEnabled()) {
            RaisedFilterEvent e = new RaisedFilterEvent();
            if (e.shouldCommit()) {
                e.filter = filterName;
                e.event = eventName;
                e.commit();
            }
        }
    }
}
