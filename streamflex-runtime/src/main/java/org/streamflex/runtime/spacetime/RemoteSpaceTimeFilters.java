package org.streamflex.runtime.spacetime;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.streamflex.StreamFlexGraph;

/**
 * Binds {@link SpaceTimeFilter}s to the space of a {@link SpaceTimeServer} in another JVM, as
 * {@link SpaceTimeFilters} binds them to a space in this one: each filter joins the server's space
 * as a thread of its own, and its handle fields ({@link SpaceTimeInput}, {@link SpaceTimeOutput},
 * {@link SpaceTimeQueueInput}, {@link SpaceTimeQueueOutput}, {@link SpaceTimeRegisterHandle}: the
 * same types, so a filter's code does not change) are bound by name to the channels, queues and
 * registers the server publishes. A {@code process()} is one transaction in the server's space,
 * with the local rules (see {@link RemoteFilterThread}); its filter's thread never waits for an
 * item, and waits for each answer at most {@code answerBound}.
 *
 * <pre>{@code
 * RemoteSpaceTime remote = RemoteSpaceTime.connect(new InetSocketAddress("127.0.0.1", 7500));
 * RemoteSpaceTimeFilters st = RemoteSpaceTimeFilters.of(remote, this, Duration.ofMillis(200));
 * st.join(tracker, SpaceTime.INFINITY).input(tracker, "frames", "frames");   // field, published name
 * }</pre>
 *
 * <p>Not built for remote spaces: {@code releaseOnPut} (a filter bound here is released by its
 * clock's period; {@code hasUnseen()} and {@code hasWaiting()} throw saying so).
 */
public final class RemoteSpaceTimeFilters {
    /** How long a filter's thread waits for an answer unless the bindings say otherwise. */
    public static final Duration DEFAULT_ANSWER_BOUND = Duration.ofSeconds(1);

    private final RemoteSpaceTime remote;
    private final long boundNanos;
    private final List<SpaceTimeFilter> joined = new ArrayList<>();

    private RemoteSpaceTimeFilters(RemoteSpaceTime remote, Duration answerBound) {
        this.remote = Objects.requireNonNull(remote, "remote");
        if (answerBound.isNegative() || answerBound.isZero()) {
            throw new IllegalArgumentException("the answer bound must be positive, not " + answerBound);
        }
        this.boundNanos = answerBound.toNanos();
    }

    /** Bindings whose filters leave the server's space only when {@link #leave()} is called. */
    public static RemoteSpaceTimeFilters of(RemoteSpaceTime remote) {
        return new RemoteSpaceTimeFilters(remote, DEFAULT_ANSWER_BOUND);
    }

    /**
     * Bindings for the filters of {@code graph}, which leave the server's space when it stops; each
     * call of their handles waits at most {@code answerBound} for its answer, beyond which it throws
     * {@link SpaceTimeRemoteException} and the connection closes.
     *
     * @throws SpaceTimeStateException if the graph was assembled by another runtime
     */
    public static RemoteSpaceTimeFilters of(RemoteSpaceTime remote, StreamFlexGraph graph, Duration answerBound) {
        RemoteSpaceTimeFilters bindings = new RemoteSpaceTimeFilters(remote, answerBound);
        FilterBindings.runtimeGraph(graph).whenStopped(bindings::leave);
        return bindings;
    }

    /** As {@link #of(RemoteSpaceTime, StreamFlexGraph, Duration)}, with {@link #DEFAULT_ANSWER_BOUND}. */
    public static RemoteSpaceTimeFilters of(RemoteSpaceTime remote, StreamFlexGraph graph) {
        return of(remote, graph, DEFAULT_ANSWER_BOUND);
    }

    /**
     * Joins {@code filter} to the server's space at {@code virtualTime}.
     *
     * @throws SpaceTimeStateException if the filter already joined a space
     * @throws VirtualTimeException if {@code virtualTime} is below the space's horizon
     */
    public RemoteSpaceTimeFilters join(SpaceTimeFilter filter, long virtualTime) {
        FilterBindings.checkNotJoined(filter);
        String name = filter.getClass().getSimpleName() + "#" + (joined.size() + 1);
        filter.joined(remote.joinFilter(name, virtualTime, boundNanos));
        joined.add(filter);
        return this;
    }

    /**
     * Binds the filter's {@link SpaceTimeInput} field {@code field} to a new input connection to the
     * channel the server publishes as {@code channel}.
     *
     * @throws SpaceTimeStateException if the filter has not joined, or the field is missing, of
     *     another type, or already bound
     * @throws IllegalArgumentException if the server publishes no such channel
     */
    public RemoteSpaceTimeFilters input(SpaceTimeFilter filter, String field, String channel) {
        RemoteFilterThread t = threadOf(filter, field);
        FilterBindings.bind(filter, field, SpaceTimeInput.class,
                () -> new SpaceTimeInput(t, remote.attach(t.id, SpaceTimeWire.ATTACH_INPUT, channel), channel));
        return this;
    }

    /** Binds the filter's {@link SpaceTimeOutput} field to the server's {@code channel}; errors as {@link #input}. */
    public RemoteSpaceTimeFilters output(SpaceTimeFilter filter, String field, String channel) {
        RemoteFilterThread t = threadOf(filter, field);
        FilterBindings.bind(filter, field, SpaceTimeOutput.class,
                () -> new SpaceTimeOutput(t, remote.attach(t.id, SpaceTimeWire.ATTACH_OUTPUT, channel), channel));
        return this;
    }

    /** Binds the filter's {@link SpaceTimeQueueInput} field to the server's {@code queue}; as {@link #input}. */
    public RemoteSpaceTimeFilters queueInput(SpaceTimeFilter filter, String field, String queue) {
        RemoteFilterThread t = threadOf(filter, field);
        FilterBindings.bind(filter, field, SpaceTimeQueueInput.class,
                () -> new SpaceTimeQueueInput(t, remote.attach(t.id, SpaceTimeWire.ATTACH_QUEUE_INPUT, queue), queue));
        return this;
    }

    /** Binds the filter's {@link SpaceTimeQueueOutput} field to the server's {@code queue}; as {@link #input}. */
    public RemoteSpaceTimeFilters queueOutput(SpaceTimeFilter filter, String field, String queue) {
        RemoteFilterThread t = threadOf(filter, field);
        FilterBindings.bind(filter, field, SpaceTimeQueueOutput.class,
                () -> new SpaceTimeQueueOutput(t, remote.attach(t.id, SpaceTimeWire.ATTACH_QUEUE_OUTPUT, queue),
                        queue));
        return this;
    }

    /**
     * Binds the filter's {@link SpaceTimeRegisterHandle} field to the server's {@code register},
     * empty (as a local filter's: a write before the bind does not fill it); errors as {@link #input}.
     */
    public RemoteSpaceTimeFilters register(SpaceTimeFilter filter, String field, String register) {
        RemoteFilterThread t = threadOf(filter, field);
        FilterBindings.bind(filter, field, SpaceTimeRegisterHandle.class, () -> new SpaceTimeRegisterHandle(t,
                remote.attach(t.id, SpaceTimeWire.ATTACH_REGISTER, register), register));
        return this;
    }

    /**
     * Every joined filter leaves the server's space: its staged operations are dropped, the queue
     * items it holds open consumed and counted in the server's
     * {@link SpaceTimeServer#abandonedQueueItems()}, its virtual time no longer held. Bindings made
     * with the graph call it when the graph stops. A connection already gone has left them.
     */
    public synchronized void leave() {
        for (SpaceTimeFilter f : joined) {
            ((RemoteFilterThread) f.spaceTimeThread()).leave();
        }
        joined.clear();
    }

    private RemoteFilterThread threadOf(SpaceTimeFilter filter, String field) {
        if (!(filter.spaceTimeThread() instanceof RemoteFilterThread t) || !joined.contains(filter)) {
            throw new SpaceTimeStateException("filter " + filter.getClass().getName() + " cannot bind field '" + field
                    + "': it has not joined this remote space; call join(filter, virtualTime) on this"
                    + " RemoteSpaceTimeFilters first");
        }
        return t;
    }
}
