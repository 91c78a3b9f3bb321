package org.streamflex.runtime.spacetime;

import java.lang.foreign.MemorySegment;
import org.streamflex.Stable;

/**
 * A {@link SpaceTimeFilter}'s connection to a space-time register: a field of the filter that
 * {@link SpaceTimeFilters#register} binds when the graph is built. Full/empty per connection as
 * for a plain thread's {@link RegisterConnection}, and transactional as the filter's other
 * space-time operations: a write is copied off-heap at the call and published when
 * {@code work()} returns (the last write of one {@code work()} wins), never if it throws; a read
 * copies the value out at once, and empties the connection when {@code work()} returns, so after
 * one that throws the connection is still full and the next release reads the value again. A read
 * never waits.
 *
 * <p>Bound to a server's space ({@link RemoteSpaceTimeFilters}) the same handle sends each
 * operation to the server, which stages it for the filter as here; see {@link RemoteFilterThread}.
 *
 * <pre>{@code
 * private SpaceTimeRegisterHandle threshold;
 * private final byte[] value = new byte[8];
 * protected void process() {
 *     if (threshold.readNew(value) >= 0) {    // -1: no write since this filter's last read
 *         level = bytesToLong(value);
 *     }
 *     threshold.write(longToBytes(level + 1));  // every connection full when process() returns
 * }
 * }</pre>
 */
public final class SpaceTimeRegisterHandle extends FilterHandle implements Stable {
    /** The filter's thread in this JVM's space, or null when bound to a server's ({@link RemoteSpaceTimeFilters}). */
    private final FilterThread owner;
    private final SpaceTimeRegister register;
    /** Writes this connection has read; the filter's thread writes it at a commit, under the space's lock. */
    long versionRead;

    SpaceTimeRegisterHandle(FilterThread owner, SpaceTimeRegister register) {
        super(register.name());
        this.owner = owner;
        this.register = register;
    }

    SpaceTimeRegisterHandle(RemoteFilterThread remote, long connection, String register) {
        super(remote, connection, register);
        this.owner = null;
        this.register = null;
    }

    /** Writes a copy of {@code src} when {@code work()} returns. */
    public void write(byte[] src) {
        write(MemorySegment.ofArray(src));
    }

    /**
     * Writes a copy of {@code src} when {@code work()} returns.
     *
     * @throws ItemTooLargeException if {@code src} is larger than the space's item bound
     * @throws SpaceTimeStateException outside {@code work()}
     */
    public void write(MemorySegment src) {
        if (remote != null) {
            remote.write(remoteConnection, name, src);
        } else {
            owner.write(this, register, src);
        }
    }

    /**
     * If the register was written since this connection's last read (this {@code work()}'s reads
     * included), copies the value into {@code dst} from index 0 and returns its size; else -1.
     *
     * @throws BufferTooSmallException if {@code dst} is smaller than the value (nothing copied, still full)
     * @throws SpaceTimeStateException outside {@code work()}
     */
    public long readNew(byte[] dst) {
        return readNew(MemorySegment.ofArray(dst));
    }

    /** As {@link #readNew(byte[])}, into a memory segment from offset 0. */
    public long readNew(MemorySegment dst) {
        return remote != null ? remote.readNew(remoteConnection, name, dst) : owner.readNew(this, register, dst);
    }

    /** Whether a write happened since this connection's last read, this {@code work()}'s reads included. */
    public boolean isFull() {
        return remote != null ? remote.isFull(remoteConnection, name) : owner.isFull(this, register);
    }

    SpaceTimeRegister register() {
        return register;
    }

    /** The register's name. */
    public String registerName() {
        return name;
    }
}
