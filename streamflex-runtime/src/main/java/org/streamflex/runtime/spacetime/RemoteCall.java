package org.streamflex.runtime.spacetime;

import io.netty.buffer.ByteBuf;
import java.nio.ByteBuffer;
import java.util.concurrent.CompletableFuture;

/**
 * A request of a {@link RemoteSpaceTime} waiting for its answer, and where an {@code ITEM}'s bytes
 * go: into a new array ({@link RemoteItem}), or straight from the receive buffer into the caller's
 * {@code byte[]} or {@code ByteBuffer}, so that a get into a buffer allocates no item array.
 *
 * <pre>{@code
 * RemoteCall call = RemoteCall.into(dst, 0, dst.length);   // the event loop copies into dst
 * }</pre>
 *
 * <p>The event loop copies while the caller waits, and the completion orders the copy before the
 * caller's reads. A caller that stops waiting (no answer in time, interrupted) abandons the call
 * first, under the call's monitor, which the copy holds too: no copy lands in a buffer its caller
 * has stopped waiting on.
 */
final class RemoteCall extends CompletableFuture<RemoteSpaceTime.Answer> {
    private final byte[] array;
    private final int offset;
    private final ByteBuffer buffer;
    /** Room at the destination; {@link SpaceTimeWire#ANY_ROOM} for a new array. */
    final int room;
    private boolean abandoned;

    private RemoteCall(byte[] array, int offset, ByteBuffer buffer, int room) {
        this.array = array;
        this.offset = offset;
        this.buffer = buffer;
        this.room = room;
    }

    /** A call whose item, if any, comes as a new array. */
    static RemoteCall copying() {
        return new RemoteCall(null, 0, null, SpaceTimeWire.ANY_ROOM);
    }

    /** A call whose item goes into {@code dst} from {@code offset}, at most {@code room} bytes. */
    static RemoteCall into(byte[] dst, int offset, int room) {
        return new RemoteCall(dst, offset, null, room);
    }

    /** A call whose item goes into {@code dst} at its position, which then moves past it. */
    static RemoteCall into(ByteBuffer dst) {
        if (dst.isReadOnly()) {
            throw new IllegalArgumentException("a get into a read-only ByteBuffer: pass a writable one");
        }
        return new RemoteCall(null, 0, dst, dst.remaining());
    }

    boolean copiesIntoCaller() {
        return array != null || buffer != null;
    }

    /**
     * On the event loop: copies {@code length} bytes of {@code in} into the caller's destination
     * (unless the caller has stopped waiting), and skips them in {@code in}.
     *
     * @throws IllegalArgumentException if the server sent more than the room it was given
     */
    synchronized void copyIn(ByteBuf in, int length) {
        if (length > room) {
            throw new IllegalArgumentException("an item of " + length + " bytes for a buffer of " + room);
        }
        if (abandoned) {
            in.skipBytes(length);
        } else if (array != null) {
            in.readBytes(array, offset, length);
        } else {
            int limit = buffer.limit();
            buffer.limit(buffer.position() + length);
            in.readBytes(buffer);
            buffer.limit(limit);
        }
    }

    /** The caller stops waiting: no copy after this one. */
    synchronized void abandon() {
        abandoned = true;
    }
}
