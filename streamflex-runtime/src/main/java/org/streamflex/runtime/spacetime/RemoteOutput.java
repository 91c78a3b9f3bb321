package org.streamflex.runtime.spacetime;

import io.netty.buffer.ByteBuf;
import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;

/**
 * A remote thread's output connection to a server's channel: each put is copied into the server
 * space's off-heap slot, under the same rules as a local {@link OutputConnection#put}.
 *
 * <pre>{@code
 * RemoteOutput frames = camera.attachOutput("frames");
 * frames.put(frameNumber, bytes);       // the array may be reused as soon as put returns
 * }</pre>
 */
public final class RemoteOutput {
    private final RemoteSpaceTime space;
    /** Every request of this connection's, one at a time: used again, so that none allocates a call. */
    private final RemoteCall call;
    private final long id;
    private final String channel;

    RemoteOutput(RemoteSpaceTime space, long id, String channel) {
        this.call = space.newCall();
        this.space = space;
        this.id = id;
        this.channel = channel;
    }

    /**
     * Puts {@code src} at {@code timestamp}.
     *
     * @throws DuplicateTimestampException if the channel has an item there
     * @throws VirtualTimeException if the timestamp is below the thread's visibility
     * @throws ItemTooLargeException beyond the server space's item bound (checked before sending)
     */
    public void put(long timestamp, byte[] src) {
        putArray(timestamp, src, 0);
    }

    /** As {@link #put(long, byte[])}, the item freed after {@code consumers} consumes. */
    public void put(long timestamp, byte[] src, int consumers) {
        if (consumers < 1) {
            throw new IllegalArgumentException("consumers must be at least 1, not " + consumers);
        }
        putArray(timestamp, src, consumers);
    }

    /** As {@link #put(long, byte[])}, from the buffer's remaining bytes (its position is not moved). */
    public void put(long timestamp, ByteBuffer src) {
        int length = checkSize(timestamp, src.remaining());
        RemoteSpaceTime.raise(space.call(SpaceTimeWire.PUT, 0, call.copying(), out -> {
            putFields(out, timestamp, 0, length);
            out.writeBytes(src.duplicate());
        }), channel);
    }

    /**
     * A put of an array, written into the request frame straight from it: no wrapper and no lambda,
     * so that a steady-state put allocates nothing on the caller's thread.
     */
    private void putArray(long timestamp, byte[] src, int consumers) {
        int length = checkSize(timestamp, src.length);
        RemoteCall put = call.copying();
        ByteBuf out = space.request(put, SpaceTimeWire.PUT);
        putFields(out, timestamp, consumers, length);
        out.writeBytes(src);
        RemoteSpaceTime.raise(space.await(put, out, SpaceTimeWire.PUT, RemoteSpaceTime.bound(0)), channel);
    }

    /**
     * Puts {@code src} at {@code timestamp}, then gets the item at {@code getTimestamp} of
     * {@code from}, waiting up to the timeout for it: both in one request and one answer, where a
     * {@link #put} and a {@link RemoteInput#get(long, long, TimeUnit)} take a round trip each. The
     * server runs them in that order, as the two calls would; the item got is open on {@code from}
     * until consumed, as after a get.
     *
     * <pre>{@code
     * RemoteItem answer = requests.putThenGet(frame, bytes, answers, frame, 1, TimeUnit.SECONDS);
     * }</pre>
     *
     * @param from an input connection of a thread of the same {@link RemoteSpaceTime}
     * @throws DuplicateTimestampException as {@link #put(long, byte[])} (the get is then not made);
     *     its other exceptions likewise
     * @throws ItemNotAvailableException if the put was made but no item came within the timeout
     */
    public RemoteItem putThenGet(long timestamp, byte[] src, RemoteInput from, long getTimestamp, long timeout,
            TimeUnit unit) throws ItemNotAvailableException {
        return from.item(putThenGet(timestamp, src, from, getTimestamp, timeout, unit, call.copying()));
    }

    /**
     * As {@link #putThenGet(long, byte[], RemoteInput, long, long, TimeUnit)}, the item got copied
     * into {@code dst} from index 0, by the client's event loop straight from the receive buffer, as
     * {@link RemoteInput#get(long, long, TimeUnit, byte[])} does: a steady-state call allocates
     * nothing on the caller's thread.
     *
     * <pre>{@code
     * int n = requests.putThenGet(frame, bytes, answers, frame, 1, TimeUnit.SECONDS, buffer); // buffer[0..n)
     * }</pre>
     *
     * @return the item's length in bytes
     * @throws BufferTooSmallException if the item got is larger than {@code dst} (nothing is copied;
     *     the put was made, and the item is open on {@code from}, as after any get)
     */
    public int putThenGet(long timestamp, byte[] src, RemoteInput from, long getTimestamp, long timeout,
            TimeUnit unit, byte[] dst) throws ItemNotAvailableException {
        return from.length(putThenGet(timestamp, src, from, getTimestamp, timeout, unit,
                call.into(dst, 0, dst.length)));
    }

    /** One PUT_GET on {@code into}: its answer, a put's error thrown, a get's left to {@code from}. */
    private RemoteSpaceTime.Answer putThenGet(long timestamp, byte[] src, RemoteInput from, long getTimestamp,
            long timeout, TimeUnit unit, RemoteCall into) {
        if (from.space() != space) {
            throw new IllegalArgumentException("putThenGet on " + space + " with an input connection of " + from.space()
                    + ": both must be of one RemoteSpaceTime");
        }
        int length = checkSize(timestamp, src.length);
        long timeoutNanos = Math.max(0, unit.toNanos(timeout));
        // No lambda for the fields, as a put's: a capturing one would be this call's one allocation.
        ByteBuf out = space.request(into, SpaceTimeWire.PUT_GET);
        out.writeLong(from.id()).writeByte(SpaceTimeWire.BY_TIMESTAMP).writeLong(getTimestamp)
                .writeLong(timeoutNanos).writeInt(into.room);
        putFields(out, timestamp, 0, length);
        out.writeBytes(src);
        RemoteSpaceTime.Answer answer = space.await(into, out, SpaceTimeWire.PUT_GET,
                RemoteSpaceTime.bound(timeoutNanos));
        if (answer.isError() && answer.code != SpaceTimeWire.E_NOT_AVAILABLE
                && answer.code != SpaceTimeWire.E_TOO_SMALL) {
            RemoteSpaceTime.raise(answer, channel); // the put's (a duplicate is this channel's), or either's state
        }
        return answer; // a miss or a buffer too small is the get's, thrown by from with its channel's name
    }

    private int checkSize(long timestamp, int length) {
        if (length > space.maxItemBytes()) {
            throw new ItemTooLargeException("remote channel " + channel, timestamp, length, space.maxItemBytes());
        }
        return length;
    }

    /** A PUT's fields up to its bytes, which the caller writes. */
    private void putFields(ByteBuf out, long timestamp, int consumers, int length) {
        out.writeLong(id).writeLong(timestamp).writeInt(consumers).writeInt(length);
    }

    /** Detaches from the channel. */
    public void detach() {
        RemoteSpaceTime.raise(space.call(SpaceTimeWire.DETACH, 0, call.copying(), out -> out.writeLong(id)), channel);
    }
}
