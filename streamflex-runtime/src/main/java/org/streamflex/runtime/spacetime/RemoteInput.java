package org.streamflex.runtime.spacetime;

import io.netty.buffer.ByteBuf;
import java.nio.ByteBuffer;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * A remote thread's input connection to a server's channel, with the gets and consumes of a local
 * {@link InputConnection}: a get returns a copy of the item's bytes ({@link RemoteItem}), or copies
 * them into the caller's buffer (no item array allocated), and the item stays open on the
 * connection until it is consumed.
 *
 * <pre>{@code
 * RemoteInput frames = tracker.attachInput("frames");
 * try {
 *     RemoteItem frame = frames.get(Wildcard.LATEST_UNSEEN, 1, TimeUnit.SECONDS);
 *     frames.consumeUntil(frame.timestamp());
 * } catch (ItemNotAvailableException none) {
 *     // none.below() and none.above(), as for a local get
 * }
 * }</pre>
 */
public final class RemoteInput {
    private final RemoteSpaceTime space;
    /** Every request of this connection's, one at a time: used again, so that none allocates a call. */
    private final RemoteCall call;
    private final long id;
    private final String channel;
    /** Written and read by the one Java thread using this connection. */
    private long lastTimestamp = ItemNotAvailableException.NONE;

    RemoteInput(RemoteSpaceTime space, long id, String channel) {
        this.call = space.newCall();
        this.space = space;
        this.id = id;
        this.channel = channel;
    }

    /** The item at {@code timestamp}, without waiting; see {@link InputConnection#get(long)}. */
    public RemoteItem get(long timestamp) throws ItemNotAvailableException {
        return get(SpaceTimeWire.BY_TIMESTAMP, timestamp, -1);
    }

    /** The item a wildcard names, without waiting; see {@link InputConnection#get(Wildcard)}. */
    public RemoteItem get(Wildcard wildcard) throws ItemNotAvailableException {
        return get(SpaceTimeWire.selector(wildcard), 0, -1);
    }

    /** The item at {@code timestamp}, waiting up to the timeout for it to be put. */
    public RemoteItem get(long timestamp, long timeout, TimeUnit unit) throws ItemNotAvailableException {
        return get(SpaceTimeWire.BY_TIMESTAMP, timestamp, Math.max(0, unit.toNanos(timeout)));
    }

    /** The item a wildcard names, waiting up to the timeout for one. */
    public RemoteItem get(Wildcard wildcard, long timeout, TimeUnit unit) throws ItemNotAvailableException {
        return get(SpaceTimeWire.selector(wildcard), 0, Math.max(0, unit.toNanos(timeout)));
    }

    /**
     * The item at {@code timestamp}, waiting up to the timeout, its bytes copied into {@code dst}
     * from index 0: a steady-state get allocates no item array.
     *
     * <pre>{@code
     * int n = frames.get(frame, 1, TimeUnit.SECONDS, buffer);   // buffer[0..n) is the item
     * }</pre>
     *
     * @return the item's length in bytes
     * @throws BufferTooSmallException if the item is larger than {@code dst} (nothing is copied; the
     *     item is open on the connection, as after any get)
     */
    public int get(long timestamp, long timeout, TimeUnit unit, byte[] dst) throws ItemNotAvailableException {
        return getInto(SpaceTimeWire.BY_TIMESTAMP, timestamp, timeout, unit, call.into(dst, 0, dst.length));
    }

    /**
     * As {@link #get(long, long, TimeUnit, byte[])}, into {@code dst} at its position, which then
     * moves past the item's bytes (its limit is kept).
     */
    public int get(long timestamp, long timeout, TimeUnit unit, ByteBuffer dst) throws ItemNotAvailableException {
        return getInto(SpaceTimeWire.BY_TIMESTAMP, timestamp, timeout, unit, call.into(dst));
    }

    /**
     * The item a wildcard names, waiting up to the timeout, its bytes copied into {@code dst} from
     * index 0; its timestamp is then {@link #lastTimestamp()}.
     *
     * @return the item's length in bytes
     * @throws BufferTooSmallException if the item is larger than {@code dst} (nothing is copied; the
     *     item is open on the connection, its timestamp in the message)
     */
    public int get(Wildcard wildcard, long timeout, TimeUnit unit, byte[] dst) throws ItemNotAvailableException {
        return getInto(SpaceTimeWire.selector(wildcard), 0, timeout, unit, call.into(dst, 0, dst.length));
    }

    /** As {@link #get(Wildcard, long, TimeUnit, byte[])}, into {@code dst} at its position, which moves. */
    public int get(Wildcard wildcard, long timeout, TimeUnit unit, ByteBuffer dst) throws ItemNotAvailableException {
        return getInto(SpaceTimeWire.selector(wildcard), 0, timeout, unit, call.into(dst));
    }

    /**
     * The timestamp of the item this connection's last get returned, by copy or into a buffer
     * ({@link ItemNotAvailableException#NONE} before any): how a wildcard get into a buffer tells
     * which item it copied.
     */
    public long lastTimestamp() {
        return lastTimestamp;
    }

    private RemoteItem get(int selector, long timestamp, long timeoutNanos) throws ItemNotAvailableException {
        return item(space.call(SpaceTimeWire.GET, timeoutNanos, call.copying(), out -> out.writeLong(id)
                .writeByte(selector).writeLong(timestamp).writeLong(timeoutNanos).writeInt(SpaceTimeWire.ANY_ROOM)));
    }

    private int getInto(int selector, long timestamp, long timeout, TimeUnit unit, RemoteCall into)
            throws ItemNotAvailableException {
        long timeoutNanos = Math.max(0, Objects.requireNonNull(unit, "unit").toNanos(timeout));
        // No lambda for the fields, as other calls have: a capturing one would be this call's one allocation.
        ByteBuf out = space.request(into, SpaceTimeWire.GET);
        out.writeLong(id).writeByte(selector).writeLong(timestamp).writeLong(timeoutNanos).writeInt(into.room);
        return length(space.await(into, out, SpaceTimeWire.GET, RemoteSpaceTime.bound(timeoutNanos)));
    }

    /** The item of a GET's (or PUT_GET's) answer; its miss, or the error it carries, thrown. */
    RemoteItem item(RemoteSpaceTime.Answer answer) throws ItemNotAvailableException {
        checkItem(answer);
        lastTimestamp = answer.value;
        return new RemoteItem(answer.value, answer.ticket, answer.bytes);
    }

    /** The length of a GET's (or PUT_GET's) item got into the caller's buffer; its miss, or error, thrown. */
    int length(RemoteSpaceTime.Answer answer) throws ItemNotAvailableException {
        checkItem(answer);
        lastTimestamp = answer.value;
        return answer.length;
    }

    private void checkItem(RemoteSpaceTime.Answer answer) throws ItemNotAvailableException {
        var _ = RemoteSpaceTime.raiseItem(answer, channel);
    }

    RemoteSpaceTime space() {
        return space;
    }

    long id() {
        return id;
    }

    /** Marks the item at {@code timestamp} consumed; see {@link InputConnection#consume(long)}. */
    public void consume(long timestamp) {
        RemoteSpaceTime.raise(space.call(SpaceTimeWire.CONSUME, 0, call.copying(),
                out -> out.writeLong(id).writeLong(timestamp)), channel);
    }

    /** Marks every item up to {@code timestamp} consumed; see {@link InputConnection#consumeUntil(long)}. */
    public void consumeUntil(long timestamp) {
        RemoteSpaceTime.raise(space.call(SpaceTimeWire.CONSUME_UNTIL, 0, call.copying(), out -> out.writeLong(id)
                .writeLong(timestamp)), channel);
    }

    /** Detaches from the channel. */
    public void detach() {
        RemoteSpaceTime.raise(space.call(SpaceTimeWire.DETACH, 0, call.copying(), out -> out.writeLong(id)), channel);
    }
}
