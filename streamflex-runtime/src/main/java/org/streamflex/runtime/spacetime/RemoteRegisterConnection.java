package org.streamflex.runtime.spacetime;

import java.nio.ByteBuffer;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * A remote thread's connection to a server's register, with the full/empty semantics of a local
 * {@link RegisterConnection}: a write overwrites the register and makes every connection, local
 * and remote, full; {@link #readNew} succeeds once per write since this connection's last read,
 * copying the value into the caller's buffer, and may wait for a write.
 *
 * <pre>{@code
 * RemoteRegisterConnection done = worker.attachRegister("done");
 * done.write(new byte[] {1});                                 // signals every connection
 * int n = waiter.readNew(buffer, 1, TimeUnit.SECONDS);        // another waits for it
 * }</pre>
 */
public final class RemoteRegisterConnection {
    private final RemoteSpaceTime space;
    /** Every request of this connection's, one at a time: used again, so that none allocates a call. */
    private final RemoteCall call;
    private final long id;
    private final String register;

    RemoteRegisterConnection(RemoteSpaceTime space, long id, String register) {
        this.call = space.newCall();
        this.space = space;
        this.id = id;
        this.register = register;
    }

    /**
     * Overwrites the register with a copy of {@code src}.
     *
     * @throws ItemTooLargeException beyond the server space's item bound (checked before sending)
     */
    public void write(byte[] src) {
        write(ByteBuffer.wrap(src));
    }

    /** As {@link #write(byte[])}, from the buffer's remaining bytes (its position is not moved). */
    public void write(ByteBuffer src) {
        int length = src.remaining();
        if (length > space.maxItemBytes()) {
            throw new ItemTooLargeException("remote register " + register, 0, length, space.maxItemBytes());
        }
        RemoteSpaceTime.raise(space.call(SpaceTimeWire.REGISTER_WRITE, 0, call.copying(), out -> {
            out.writeLong(id).writeInt(length);
            out.writeBytes(src.duplicate());
        }), null);
    }

    /** Whether a write happened since this connection's last read. */
    public boolean isFull() {
        return RemoteSpaceTime.raise(space.call(SpaceTimeWire.REGISTER_FULL, 0, call.copying(),
                out -> out.writeLong(id)), null).value != 0;
    }

    /**
     * Copies the register's value into {@code dst} from index 0 once it is full, waiting up to
     * {@code timeout} (0: not at all), and empties this connection.
     *
     * @return the value's size in bytes
     * @throws ItemNotAvailableException if no new write came in time
     * @throws BufferTooSmallException if {@code dst} is smaller than the value (the connection stays
     *     full)
     */
    public int readNew(byte[] dst, long timeout, TimeUnit unit) throws ItemNotAvailableException {
        return readNew(call.into(dst, 0, dst.length), timeout, unit);
    }

    /**
     * As {@link #readNew(byte[], long, TimeUnit)}, into {@code dst} at its position, which then
     * moves past the value's bytes (its limit is kept).
     */
    public int readNew(ByteBuffer dst, long timeout, TimeUnit unit) throws ItemNotAvailableException {
        return readNew(call.into(dst), timeout, unit);
    }

    private int readNew(RemoteCall into, long timeout, TimeUnit unit) throws ItemNotAvailableException {
        long timeoutNanos = Math.max(0, Objects.requireNonNull(unit, "unit").toNanos(timeout));
        return RemoteSpaceTime.raiseItem(space.call(SpaceTimeWire.REGISTER_READ, timeoutNanos, into,
                out -> out.writeLong(id).writeLong(timeoutNanos).writeInt(into.room)), null).length;
    }

    /** Forgets this connection on the server (a register connection holds nothing there). */
    public void detach() {
        RemoteSpaceTime.raise(space.call(SpaceTimeWire.DETACH, 0, call.copying(), out -> out.writeLong(id)), null);
    }

    @Override
    public String toString() {
        return "remote connection to register " + register + " of " + space;
    }
}
