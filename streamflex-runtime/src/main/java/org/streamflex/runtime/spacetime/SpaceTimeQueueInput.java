package org.streamflex.runtime.spacetime;

import org.streamflex.Stable;

/**
 * A {@link SpaceTimeFilter}'s input connection to a space-time queue: a field of the filter that
 * {@link SpaceTimeFilters#queueInput} binds when the graph is built, as {@link SpaceTimeInput} is
 * bound to a channel. A get never waits and returns null on an empty queue; it takes the oldest
 * waiting item at once (no other get, of any thread, returns it) and the item is open on the
 * connection, holding the filter's visibility, until consumed by its ticket. The consume is made
 * when {@code work()} returns. If {@code work()} throws, its consumes are dropped and the items
 * it got go back to the head of the queue, in order, not consumed.
 *
 * <p>Bound to a server's space ({@link RemoteSpaceTimeFilters}) the same handle sends each
 * operation to the server, which stages it for the filter as here; see {@link RemoteFilterThread}.
 *
 * <pre>{@code
 * private SpaceTimeQueueInput jobs;
 * protected void process() {
 *     SpaceTimeItem job = jobs.get();          // null if the queue is empty
 *     if (job != null) {
 *         run(job);
 *         jobs.consume(job.ticket());          // freed when process() returns
 *     }
 * }
 * }</pre>
 */
public final class SpaceTimeQueueInput extends FilterHandle implements Stable {
    /** The filter's thread in this JVM's space, or null when bound to a server's ({@link RemoteSpaceTimeFilters}). */
    private final FilterThread owner;
    private final QueueInput connection;
    private final SpaceTimeQueue queue;

    SpaceTimeQueueInput(FilterThread owner, QueueInput connection, SpaceTimeQueue queue) {
        super(queue.name());
        this.owner = owner;
        this.connection = connection;
        this.queue = queue;
    }

    SpaceTimeQueueInput(RemoteFilterThread remote, long connection, String queue) {
        super(remote, connection, queue);
        this.owner = null;
        this.connection = null;
        this.queue = null;
    }

    /**
     * The oldest waiting item, taken from the queue now, or null if the queue is empty.
     *
     * @throws SpaceTimeStateException outside {@code work()}
     */
    public SpaceTimeItem get() {
        return remote != null ? remote.queueGet(remoteConnection, name) : owner.get(connection, queue);
    }

    /**
     * Consumes the item got with {@code ticket} when {@code work()} returns: it is freed then.
     *
     * @throws SpaceTimeStateException now, if the connection holds no item with that ticket open, or
     *     this {@code work()} consumes it already
     */
    public void consume(long ticket) {
        if (remote != null) {
            remote.queueConsume(remoteConnection, name, ticket);
        } else {
            owner.consume(connection, queue, ticket);
        }
    }

    /**
     * Whether the queue has a waiting item: for the filter's {@code trigger()}, which a filter
     * released by a put ({@link SpaceTimeFilters#releaseOnPut}) should return, so that it runs only
     * when a get will find something.
     */
    public boolean hasWaiting() {
        if (remote != null) {
            throw SpaceTimeInput.notBuiltRemotely("hasWaiting()", name);
        }
        owner.space.lock.lock();
        try {
            return connection.hasWaitingLocked();
        } finally {
            owner.space.lock.unlock();
        }
    }

    /** The queue's name. */
    public String queueName() {
        return name;
    }

    /** Whether the handle is bound to a server's space. */
    boolean isRemote() {
        return remote != null;
    }

    QueueInput connection() {
        return connection;
    }

    SpaceTimeQueue queue() {
        return queue;
    }
}
