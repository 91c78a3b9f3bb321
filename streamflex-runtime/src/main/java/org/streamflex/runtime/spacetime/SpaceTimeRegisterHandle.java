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
public final class SpaceTimeRegisterHandle implements Stable {
    private final FilterThread owner;
    private final SpaceTimeRegister register;
    /** Writes this connection has read; the filter's thread writes it at a commit, under the space's lock. */
    long versionRead;

    SpaceTimeRegisterHandle(FilterThread owner, SpaceTimeRegister register) {
        this.owner = owner;
        this.register = register;
    }

    /** Writes a copy of {@code src} when {@code work()} returns. */
    public void write(byte[] src) {
        owner.write(this, register, MemorySegment.ofArray(src));
    }

    /**
     * Writes a copy of {@code src} when {@code work()} returns.
     *
     * @throws ItemTooLargeException if {@code src} is larger than the space's item bound
     * @throws SpaceTimeStateException outside {@code work()}
     */
    public void write(MemorySegment src) {
        owner.write(this, register, src);
    }

    /**
     * If the register was written since this connection's last read (this {@code work()}'s reads
     * included), copies the value into {@code dst} from index 0 and returns its size; else -1.
     *
     * @throws BufferTooSmallException if {@code dst} is smaller than the value (nothing copied, still full)
     * @throws SpaceTimeStateException outside {@code work()}
     */
    public long readNew(byte[] dst) {
        return owner.readNew(this, register, MemorySegment.ofArray(dst));
    }

    /** As {@link #readNew(byte[])}, into a memory segment from offset 0. */
    public long readNew(MemorySegment dst) {
        return owner.readNew(this, register, dst);
    }

    /** Whether a write happened since this connection's last read, this {@code work()}'s reads included. */
    public boolean isFull() {
        return owner.isFull(this, register);
    }

    /** The register's name. */
    public String registerName() {
        return register.name();
    }
}
