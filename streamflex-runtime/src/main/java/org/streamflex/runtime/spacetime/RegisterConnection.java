package org.streamflex.runtime.spacetime;

import java.lang.foreign.MemorySegment;
import java.util.concurrent.TimeUnit;
import java.util.function.LongFunction;

/**
 * A thread's connection to a register ({@link SpaceTimeThread#attach(SpaceTimeRegister)}): it is
 * <em>full</em> when the register was written since this connection last read it, else
 * <em>empty</em>; {@link #readNew} empties it.
 *
 * <pre>{@code
 * done.write(new byte[] {1});                               // one thread signals
 * long n = waiter.readNew(buffer, 1, TimeUnit.SECONDS);     // another waits for it
 * }</pre>
 */
public final class RegisterConnection {
    private final SpaceTime space;
    private final SpaceTimeRegister register;
    private final SpaceTimeThread thread;
    private long versionRead;

    RegisterConnection(SpaceTime space, SpaceTimeRegister register, SpaceTimeThread thread) {
        this.space = space;
        this.register = register;
        this.thread = thread;
    }

    public void write(byte[] src) {
        write(MemorySegment.ofArray(src));
    }

    /** Overwrites the register with a copy of {@code src}: every connection becomes full. */
    public void write(MemorySegment src) {
        MemorySegment slot = space.copyIn("register " + register.name(), register.version, src);
        boolean stored = false;
        space.lock.lock();
        try {
            thread.checkJoined();
            MemorySegment old = register.slot;
            register.slot = slot;
            register.length = src.byteSize();
            register.version++;
            stored = true;
            if (old != null) {
                space.pool.give(old);
            }
            register.wakeAll();
        } finally {
            if (!stored) {
                space.pool.give(slot);
            }
            space.lock.unlock();
        }
    }

    /** Whether a write happened since this connection's last read. */
    public boolean isFull() {
        space.lock.lock();
        try {
            return register.version > versionRead;
        } finally {
            space.lock.unlock();
        }
    }

    public long readNew(byte[] dst, long timeout, TimeUnit unit)
            throws ItemNotAvailableException, InterruptedException {
        return readNew(MemorySegment.ofArray(dst), timeout, unit);
    }

    /**
     * Copies the register's value into {@code dst} once it is full, waiting up to {@code timeout}
     * (0: not at all), and empties it.
     *
     * @return the value's size in bytes
     * @throws ItemNotAvailableException if no new write came in time
     * @throws IllegalArgumentException if {@code dst} is smaller than the value (the register stays full)
     */
    public long readNew(MemorySegment dst, long timeout, TimeUnit unit)
            throws ItemNotAvailableException, InterruptedException {
        long left = unit.toNanos(timeout);
        space.lock.lockInterruptibly();
        try {
            while (true) {
                thread.checkJoined();
                if (register.version > versionRead) {
                    if (dst.byteSize() < register.length) {
                        throw new IllegalArgumentException("register " + register.name() + " holds "
                                + register.length + " bytes; the destination has room for " + dst.byteSize());
                    }
                    MemorySegment.copy(register.slot, 0, dst, 0, register.length);
                    versionRead = register.version;
                    return register.length;
                }
                if (left <= 0) {
                    throw empty();
                }
                left = register.written.awaitNanos(left);
            }
        } finally {
            space.lock.unlock();
        }
    }

    /**
     * For a read that waits without a thread (a {@link SpaceTimeServer}'s): under one hold of the
     * lock, if full, copies the value into {@code into.apply(length)} and empties the connection;
     * else registers {@code onArrival} (unless null) for the next write or wake-up.
     *
     * @param maxBytes the reader's room: a larger value is not read, and the connection stays full
     * @return the value's size, or -1 if empty
     * @throws BufferTooSmallException if the value is larger than {@code maxBytes}
     */
    long readNewOrNotify(long maxBytes, LongFunction<MemorySegment> into, Runnable onArrival) {
        space.lock.lock();
        try {
            thread.checkJoined();
            if (register.version > versionRead) {
                if (register.length > maxBytes) {
                    throw new BufferTooSmallException("register " + register.name() + " holds " + register.length
                            + " bytes; the buffer has room for " + maxBytes + " (the register stays full: read"
                            + " again into a buffer of at least " + register.length + " bytes)", register.length,
                            maxBytes);
                }
                MemorySegment.copy(register.slot, 0, into.apply(register.length), 0, register.length);
                versionRead = register.version;
                return register.length;
            }
            if (onArrival != null) {
                register.waiters.add(onArrival);
            }
            return -1;
        } finally {
            space.lock.unlock();
        }
    }

    /** The end of such a wait: forgets {@code onArrival} if it has not run, then reads a last time. */
    long stopWaiting(long maxBytes, LongFunction<MemorySegment> into, Runnable onArrival)
            throws ItemNotAvailableException {
        space.lock.lock();
        try {
            var _ = register.waiters.remove(onArrival);
            long n = readNewOrNotify(maxBytes, into, null); // the lock is reentrant
            if (n < 0) {
                throw empty();
            }
            return n;
        } finally {
            space.lock.unlock();
        }
    }

    private ItemNotAvailableException empty() {
        return new ItemNotAvailableException("a new value", "connection of thread " + thread.name()
                + " to register " + register.name() + " (empty: no write since its last read)",
                ItemNotAvailableException.NONE, ItemNotAvailableException.NONE);
    }
}
