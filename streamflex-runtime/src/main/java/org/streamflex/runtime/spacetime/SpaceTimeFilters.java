package org.streamflex.runtime.spacetime;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.streamflex.Clock;
import org.streamflex.StreamFlexGraph;
import org.streamflex.runtime.clock.ClockBackends;
import org.streamflex.runtime.clock.ClockPlatform;
import org.streamflex.runtime.clock.RuntimeClock;
import org.streamflex.runtime.counter.SingleWriterCounter;
import org.streamflex.runtime.graph.RuntimeGraph;

/**
 * Binds {@link SpaceTimeFilter}s to a space when a graph is built: each filter joins the space as
 * a thread of its own, with a virtual time, and its handle fields are bound by name, as
 * {@code connect} injects channels: {@link SpaceTimeInput} and {@link SpaceTimeOutput} to channels,
 * {@link SpaceTimeQueueInput} and {@link SpaceTimeQueueOutput} to queues, and
 * {@link SpaceTimeRegisterHandle} to registers. Bind before anything is put on the channels a
 * filter reads: a connection attached by a thread at {@link SpaceTime#INFINITY} starts with every
 * item already there consumed (the paper's attach rule). Made with {@link #of(SpaceTime, StreamFlexGraph)},
 * every joined filter leaves the space when the graph stops, so that a stopped filter's virtual
 * time and open items no longer hold the collector back; {@link #releaseOnPut} has a filter
 * released by a put instead of by its clock's period.
 *
 * <pre>{@code
 * SpaceTimeFilters st = SpaceTimeFilters.of(space, this);                // in the graph's constructor
 * st.join(camera, 0).output(camera, "frames", frames);                  // a source: virtual time 0
 * st.join(tracker, SpaceTime.INFINITY).input(tracker, "frames", frames); // inherits timestamps
 * st.releaseOnPut(trackerClock, tracker, "frames");                     // a free-running clock
 * validate();
 * }</pre>
 *
 * <p>Used by the thread that builds the graph; the fields are set before the graph starts, so the
 * graph's start hands them to the filters' threads.
 */
public final class SpaceTimeFilters {
    private final SpaceTime space;
    /** The graph whose stop makes the filters leave, or null: the builder calls {@link #leave()}. */
    private final RuntimeGraph graph;
    private final List<SpaceTimeFilter> joined = new ArrayList<>();
    /** The backends of the clocks {@link #releaseOnPut} made put-released; read when the graph starts. */
    private final Map<RuntimeClock, SpaceTimeRelease> releases = new HashMap<>();
    /** Queue items filters held open when they left: written by whoever makes them leave, once. */
    private final SingleWriterCounter abandoned = new SingleWriterCounter();

    private SpaceTimeFilters(SpaceTime space, RuntimeGraph graph) {
        this.space = space;
        this.graph = graph;
    }

    /**
     * Bindings whose filters leave the space only when {@link #leave()} is called; made with the
     * graph, they leave when it stops ({@link #of(SpaceTime, StreamFlexGraph)}).
     */
    public static SpaceTimeFilters of(SpaceTime space) {
        return new SpaceTimeFilters(space, null);
    }

    /**
     * Bindings for the filters of {@code graph}, which leave the space when it stops (stopped, failed,
     * or stopped before it ran), after their last {@code work()}.
     *
     * @throws SpaceTimeStateException if the graph was assembled by another runtime
     */
    public static SpaceTimeFilters of(SpaceTime space, StreamFlexGraph graph) {
        RuntimeGraph runtimeGraph = FilterBindings.runtimeGraph(graph);
        SpaceTimeFilters bindings = new SpaceTimeFilters(space, runtimeGraph);
        runtimeGraph.whenStopped(bindings::leave);
        return bindings;
    }

    /**
     * Joins {@code filter} to the space at {@code virtualTime}: a source at the timestamp of its
     * first put, a filter that only puts timestamps it gets at {@link SpaceTime#INFINITY}.
     *
     * @throws SpaceTimeStateException if the filter already joined a space
     * @throws VirtualTimeException if {@code virtualTime} is below the space's horizon
     */
    public SpaceTimeFilters join(SpaceTimeFilter filter, long virtualTime) {
        FilterBindings.checkNotJoined(filter);
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
        FilterBindings.bind(filter, field, SpaceTimeInput.class,
                () -> new SpaceTimeInput(t, t.thread.attachInput(channel), channel));
        return this;
    }

    /**
     * Binds the filter's {@link SpaceTimeOutput} field {@code field} to a new output connection to {@code channel}.
     *
     * @throws SpaceTimeStateException as {@link #input}
     */
    public SpaceTimeFilters output(SpaceTimeFilter filter, String field, SpaceTimeChannel channel) {
        FilterThread t = threadOf(filter, field);
        FilterBindings.bind(filter, field, SpaceTimeOutput.class,
                () -> new SpaceTimeOutput(t, t.thread.attachOutput(channel), channel));
        return this;
    }

    /**
     * Binds the filter's {@link SpaceTimeQueueInput} field {@code field} to a new input connection to {@code queue}.
     *
     * @throws SpaceTimeStateException as {@link #input}
     */
    public SpaceTimeFilters queueInput(SpaceTimeFilter filter, String field, SpaceTimeQueue queue) {
        FilterThread t = threadOf(filter, field);
        FilterBindings.bind(filter, field, SpaceTimeQueueInput.class, () -> {
            QueueInput in = t.thread.attachInput(queue);
            t.addQueueInput(in);
            return new SpaceTimeQueueInput(t, in, queue);
        });
        return this;
    }

    /**
     * Binds the filter's {@link SpaceTimeQueueOutput} field {@code field} to a new output connection to {@code queue}.
     *
     * @throws SpaceTimeStateException as {@link #input}
     */
    public SpaceTimeFilters queueOutput(SpaceTimeFilter filter, String field, SpaceTimeQueue queue) {
        FilterThread t = threadOf(filter, field);
        FilterBindings.bind(filter, field, SpaceTimeQueueOutput.class,
                () -> new SpaceTimeQueueOutput(t, t.thread.attachOutput(queue), queue));
        return this;
    }

    /**
     * Binds the filter's {@link SpaceTimeRegisterHandle} field {@code field} to a new connection to
     * {@code register}, empty (as a plain thread's: a write before the bind does not fill it).
     *
     * @throws SpaceTimeStateException as {@link #input}
     */
    public SpaceTimeFilters register(SpaceTimeFilter filter, String field, SpaceTimeRegister register) {
        FilterThread t = threadOf(filter, field);
        FilterBindings.bind(filter, field, SpaceTimeRegisterHandle.class, () -> emptyHandle(t, register));
        return this;
    }

    /** A register handle that has read every write so far, as a plain thread's new connection. */
    static SpaceTimeRegisterHandle emptyHandle(FilterThread t, SpaceTimeRegister register) {
        SpaceTimeRegisterHandle handle = new SpaceTimeRegisterHandle(t, register);
        t.space.lock.lock();
        try {
            t.thread.checkJoined();
            handle.versionRead = register.version;
        } finally {
            t.space.lock.unlock();
        }
        return handle;
    }

    /**
     * Has {@code clock}, a free-running clock connected to {@code filter}, release it when an item
     * arrives on the channel or queue its bound {@link SpaceTimeInput} or {@link SpaceTimeQueueInput}
     * field {@code field} reads, instead of back to back: its thread waits for the put (see
     * {@link SpaceTimeRelease}). Write the filter's {@code trigger()} to return the handle's
     * {@link SpaceTimeInput#hasUnseen()} or {@link SpaceTimeQueueInput#hasWaiting()}, so that a
     * release, under a {@code GraphDriver} too, runs {@code work()} only when there is an item.
     * The graph must not run the filter on its worker threads (which it does when all its clocks
     * are free-running and workers are on): the workers release a free-running clock back to back,
     * so the filter's first {@code work()} there throws {@link SpaceTimeStateException} saying so.
     *
     * @throws SpaceTimeStateException if these bindings were made without the graph, the clock is
     *     periodic or not connected to the filter, the field is not a bound channel or queue input
     *     handle, or the clock is put-released already
     */
    public SpaceTimeFilters releaseOnPut(Clock clock, SpaceTimeFilter filter, String field) {
        return releaseOnPut(clock, filter, field, null);
    }

    /** {@link #releaseOnPut}, with a test's look between the check that found nothing and the wait. */
    SpaceTimeFilters releaseOnPut(Clock clock, SpaceTimeFilter filter, String field, Runnable beforeWait) {
        String what = "releaseOnPut(" + clock + ", " + filter.getClass().getSimpleName() + ", \"" + field + "\")";
        if (graph == null) {
            throw new SpaceTimeStateException(what + ": these bindings were made without the graph; make them with"
                    + " SpaceTimeFilters.of(space, graph)");
        }
        if (!(clock instanceof RuntimeClock rc) || clock.periodMicros() != 0) {
            throw new SpaceTimeStateException(what + ": the clock must be free-running, made by makeClock(0), so that"
                    + " a put, not a period, releases the filter; this one's period is " + clock.periodMicros()
                    + " us");
        }
        if (rc.target() == null || rc.target() != graph.taskOf(filter)) {
            throw new SpaceTimeStateException(what + ": the clock must release this filter; connect the clock to "
                    + graph.taskOf(filter) + " first");
        }
        FilterThread t = threadOf(filter, field);
        Object handle = FilterBindings.boundValue(filter, field);
        SpaceTimeRelease release = switch (handle) {
            case SpaceTimeInput in -> new SpaceTimeRelease(space, in.channel().arrived,
                    in.connection()::hasUnseenLocked, "channel " + in.channelName(), beforeWait);
            case SpaceTimeQueueInput in -> new SpaceTimeRelease(space, in.queue().arrived,
                    in.connection()::hasWaitingLocked, "queue " + in.queueName(), beforeWait);
            case null -> throw new SpaceTimeStateException(what + ": field '" + field + "' of filter "
                    + t.filterName + " is not bound; bind it with input(...) or queueInput(...) first");
            default -> throw new SpaceTimeStateException(what + ": field '" + field + "' of filter " + t.filterName
                    + " is a " + handle.getClass().getSimpleName() + "; a put releases a filter through a"
                    + " SpaceTimeInput or a SpaceTimeQueueInput");
        };
        if (releases.containsKey(rc)) {
            throw new SpaceTimeStateException(what + ": the clock is released by a put already; one trigger per clock");
        }
        if (releases.isEmpty()) {
            graph.chooseClockBackends((c, options) -> {
                SpaceTimeRelease r = releases.get(c);
                return r != null ? new ClockBackends.Choice(r, null, false)
                        : ClockBackends.choose(c.periodMicros(), options, ClockPlatform.current());
            });
        }
        releases.put(rc, release);
        t.releasedBy(rc);
        return this;
    }

    /** Queue items the filters still held open when they left: consumed then, not put back, and logged. */
    public long abandonedQueueItems() {
        return abandoned.get();
    }

    /** The filter's space-time thread: its virtual time and visibility, for monitoring and tests. */
    public SpaceTimeThread thread(SpaceTimeFilter filter) {
        return threadOf(filter, null).thread;
    }

    /**
     * Every joined filter leaves the space: its channel connections detach (its open items no longer
     * count), the queue items it holds open are consumed ({@link #abandonedQueueItems()}), and its
     * virtual time no longer holds the global minimum. Bindings made with the graph call it when the
     * graph stops; others call it once the graph has stopped. Idempotent.
     */
    public synchronized void leave() {
        long n = 0;
        for (SpaceTimeFilter f : joined) {
            n += ((FilterThread) f.spaceTimeThread()).leave();
        }
        if (n > 0) {
            abandoned.add(n);
        }
    }

    private FilterThread threadOf(SpaceTimeFilter filter, String field) {
        if (!(filter.spaceTimeThread() instanceof FilterThread t) || !joined.contains(filter)) {
            throw new SpaceTimeStateException("filter " + filter.getClass().getName()
                    + (field == null ? "" : " cannot bind field '" + field + "'") + ": it has not joined this space;"
                    + " call join(filter, virtualTime) on this SpaceTimeFilters first");
        }
        return t;
    }
}
