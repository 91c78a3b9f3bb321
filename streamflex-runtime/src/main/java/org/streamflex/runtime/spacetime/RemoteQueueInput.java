package org.streamflex.runtime.spacetime;

import java.nio.ByteBuffer;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * A remote thread's input connection to a server's queue, with the gets and consumes of a local
 * {@link QueueInput}: each get takes the oldest waiting item, which no other get, local or remote,
 * returns; the item is open on the connection until {@link #consume(long)} with its ticket. A get
 * returns a copy ({@link RemoteItem}), or copies the bytes into the caller's buffer, allocating no
 * item array.
 *
 * <pre>{@code
 * RemoteQueueInput work = worker.attachQueueInput("tiles");
 * RemoteItem tile = work.get(1, TimeUnit.SECONDS);
 * process(tile.bytes());
 * work.consume(tile.ticket());
 * }</pre>
 *
 * <p>If the connection to the server ends while items are open here, the server consumes them for
 * this thread (a queue item is got once: they are not got again) and counts them
 * ({@link SpaceTimeServer#abandonedQueueItems()}).
 */
public final class RemoteQueueInput {
    private final RemoteSpaceTime space;
    /** Every request of this connection's, one at a time: used again, so that none allocates a call. */
    private final RemoteCall call;
    private final long id;
    private final String queue;
    /** Written and read by the one Java thread using this connection. */
    private long lastTicket = ItemView.NO_TICKET;
    private long lastTimestamp = ItemNotAvailableException.NONE;

    RemoteQueueInput(RemoteSpaceTime space, long id, String queue) {
        this.call = space.newCall();
        this.space = space;
        this.id = id;
        this.queue = queue;
    }

    /**
     * The oldest waiting item, without waiting.
     *
     * @throws ItemNotAvailableException if the queue is empty (no neighbours: a queue has no range)
     */
    public RemoteItem get() throws ItemNotAvailableException {
        return get(-1);
    }

    /** The oldest waiting item, waiting up to {@code timeout} for a put. */
    public RemoteItem get(long timeout, TimeUnit unit) throws ItemNotAvailableException {
        return get(nanos(timeout, unit));
    }

    /**
     * The oldest waiting item, waiting up to {@code timeout}, its bytes copied into {@code dst} from
     * index 0; its ticket is then {@link #lastTicket()}.
     *
     * <pre>{@code
     * int n = work.get(1, TimeUnit.SECONDS, buffer);
     * process(buffer, n);
     * work.consume(work.lastTicket());
     * }</pre>
     *
     * @return the item's length in bytes
     * @throws BufferTooSmallException if the oldest item is larger than {@code dst}: it is not
     *     taken, and stays at the head of the queue
     */
    public int get(long timeout, TimeUnit unit, byte[] dst) throws ItemNotAvailableException {
        return getInto(nanos(timeout, unit), call.into(dst, 0, dst.length));
    }

    /**
     * As {@link #get(long, TimeUnit, byte[])}, into {@code dst} at its position, which then moves
     * past the item's bytes (its limit is kept).
     */
    public int get(long timeout, TimeUnit unit, ByteBuffer dst) throws ItemNotAvailableException {
        return getInto(nanos(timeout, unit), call.into(dst));
    }

    /** The ticket of the item this connection's last get returned ({@link ItemView#NO_TICKET} before any). */
    public long lastTicket() {
        return lastTicket;
    }

    /** The timestamp of the item this connection's last get returned. */
    public long lastTimestamp() {
        return lastTimestamp;
    }

    /**
     * Consumes the item this connection got with {@code ticket}: the server frees it.
     *
     * @throws SpaceTimeStateException if this connection holds no item with that ticket open
     */
    public void consume(long ticket) {
        RemoteSpaceTime.raise(space.call(SpaceTimeWire.QUEUE_CONSUME, 0, call.copying(),
                out -> out.writeLong(id).writeLong(ticket)), null);
    }

    /**
     * Detaches from the queue.
     *
     * @throws SpaceTimeStateException if it holds items open: consume them first
     */
    public void detach() {
        RemoteSpaceTime.raise(space.call(SpaceTimeWire.DETACH, 0, call.copying(), out -> out.writeLong(id)), null);
    }

    private static long nanos(long timeout, TimeUnit unit) {
        return Math.max(0, Objects.requireNonNull(unit, "unit").toNanos(timeout));
    }

    private RemoteItem get(long timeoutNanos) throws ItemNotAvailableException {
        RemoteSpaceTime.Answer answer = call(timeoutNanos, call.copying());
        return new RemoteItem(answer.value, answer.ticket, answer.bytes);
    }

    private int getInto(long timeoutNanos, RemoteCall into) throws ItemNotAvailableException {
        return call(timeoutNanos, into).length;
    }

    private RemoteSpaceTime.Answer call(long timeoutNanos, RemoteCall into) throws ItemNotAvailableException {
        RemoteSpaceTime.Answer answer = RemoteSpaceTime.raiseItem(space.call(SpaceTimeWire.QUEUE_GET, timeoutNanos,
                into, out -> out.writeLong(id).writeLong(timeoutNanos).writeInt(into.room)), null);
        lastTicket = answer.ticket;
        lastTimestamp = answer.value;
        return answer;
    }

    @Override
    public String toString() {
        return "remote input connection to queue " + queue + " of " + space;
    }
}
