package org.streamflex.runtime.spacetime;

import java.lang.foreign.MemorySegment;
import java.util.concurrent.locks.Condition;

/**
 * A space-time register (section IV-C): a shared variable that a write overwrites, with
 * full/empty semantics per connection: a read succeeds only if a write happened since that
 * connection's last read, and may block until one does. Its value lives in a pool slot, copied in
 * by a write and out by a read. State guarded by the space's lock. See {@link RegisterConnection}.
 */
public final class SpaceTimeRegister {
    final SpaceTime space;
    private final String name;
    MemorySegment slot;
    long length;
    /** Writes so far: a connection is full while it has read fewer. */
    long version;
    final Condition written;
    /** Remote reads waiting without a thread for the next write (a server's, on its event loop). */
    final Waiters waiters = new Waiters();

    SpaceTimeRegister(SpaceTime space, String name) {
        this.space = space;
        this.name = name;
        this.written = space.lock.newCondition();
    }

    public String name() {
        return name;
    }

    /** Remote reads waiting without a thread for this register's next write: for tests. */
    int waitingReads() {
        space.lock.lock();
        try {
            return waiters.size();
        } finally {
            space.lock.unlock();
        }
    }

    /** Under the lock: wakes blocked reads and waiting remote ones, at a write or at close. */
    void wakeAll() {
        written.signalAll();
        waiters.runAll();
    }

    @Override
    public String toString() {
        return name;
    }
}
