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
        put(timestamp, ByteBuffer.wrap(src), 0);
    }

    /** As {@link #put(long, byte[])}, the item freed after {@code consumers} consumes. */
    public void put(long timestamp, byte[] src, int consumers) {
        if (consumers < 1) {
            throw new IllegalArgumentException("consumers must be at least 1, not " + consumers);
        }
        put(timestamp, ByteBuffer.wrap(src), consumers);
    }

    /** As {@link #put(long, byte[])}, from the buffer's remaining bytes (its position is not moved). */
    public void put(long timestamp, ByteBuffer src) {
        put(timestamp, src, 0);
    }

    private void put(long timestamp, ByteBuffer src, int consumers) {
        int length = checkSize(timestamp, src);
        RemoteSpaceTime.raise(space.call(SpaceTimeWire.PUT, 0, call.copying(),
                out -> putFields(out, timestamp, src, consumers, length)), channel);
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
        if (from.space() != space) {
            throw new IllegalArgumentException("putThenGet on " + space + " with an input connection of " + from.space()
                    + ": both must be of one RemoteSpaceTime");
        }
        ByteBuffer bytes = ByteBuffer.wrap(src);
        int length = checkSize(timestamp, bytes);
        long timeoutNanos = Math.max(0, unit.toNanos(timeout));
        RemoteSpaceTime.Answer answer = space.call(SpaceTimeWire.PUT_GET, timeoutNanos, call.copying(), out -> {
            out.writeLong(from.id()).writeByte(SpaceTimeWire.BY_TIMESTAMP).writeLong(getTimestamp)
                    .writeLong(timeoutNanos).writeInt(SpaceTimeWire.ANY_ROOM);
            putFields(out, timestamp, bytes, 0, length);
        });
        if (answer.isError() && answer.code != SpaceTimeWire.E_NOT_AVAILABLE) {
            RemoteSpaceTime.raise(answer, channel); // the put's (a duplicate is this channel's), or either's state
        }
        return from.item(answer);
    }

    private int checkSize(long timestamp, ByteBuffer src) {
        int length = src.remaining();
        if (length > space.maxItemBytes()) {
            throw new ItemTooLargeException("remote channel " + channel, timestamp, length, space.maxItemBytes());
        }
        return length;
    }

    private void putFields(ByteBuf out, long timestamp, ByteBuffer src, int consumers, int length) {
        out.writeLong(id).writeLong(timestamp).writeInt(consumers).writeInt(length);
        out.writeBytes(src.duplicate());
    }

    /** Detaches from the channel. */
    public void detach() {
        RemoteSpaceTime.raise(space.call(SpaceTimeWire.DETACH, 0, call.copying(), out -> out.writeLong(id)), channel);
    }
}
