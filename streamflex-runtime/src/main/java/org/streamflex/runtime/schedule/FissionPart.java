package org.streamflex.runtime.schedule;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;
import org.streamflex.abi.RegionSlot;

/**
 * One replica's part of a fissioned batch: the work() calls a worker thread (or the filter's own
 * thread) makes on the replica. The filter's thread posts it; whoever runs it publishes
 * {@code done} last, with release semantics, so that the poster, reading it with acquire, sees the
 * replica's channels and {@link #failure()} as the runner left them.
 *
 * <pre>{@code
 * FissionPart part = new FissionPart(replica);
 * part.prepare(40, Thread.currentThread());
 * workers.post(part) ... part.await();
 * }</pre>
 */
class FissionPart {
    private static final VarHandle DONE;

    static {
        try {
            DONE = MethodHandles.lookup().findVarHandle(FissionPart.class, "done", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final Replica replica;
    /** Written by the poster before posting, read by the runner. */
    private int count;
    private Thread poster;
    /** Written by the runner before {@code done}, read by the poster after. */
    private Throwable failure;
    private boolean done;

    FissionPart(Replica replica) {
        this.replica = replica;
    }

    /** By the poster, before the part is handed over. */
    final void prepare(int calls, Thread waiting) {
        this.count = calls;
        this.poster = waiting;
        this.failure = null;
        DONE.setRelease(this, false);
    }

    /** By the runner: the replica's calls, then done, then the poster woken. */
    final void run(RegionSlot slot) {
        failure = execute(slot, count);
        DONE.setRelease(this, true);
        LockSupport.unpark(poster);
    }

    /** The part's work: the replica's calls; the jcstress test of this hand-off puts its own here. */
    Throwable execute(RegionSlot slot, int calls) {
        return replica.task().fireReplica(slot, calls, replica.loop());
    }

    /** By the poster: waits until the runner is done, spinning briefly, then parked. */
    final void await() {
        int spins = 0;
        while (!(boolean) DONE.getAcquire(this)) {
            if (++spins < 1 << 12) {
                Thread.onSpinWait();
            } else {
                LockSupport.parkNanos(this, 100_000);
            }
        }
    }

    /** What a work() of the part threw, or null; after {@link #await()}. */
    final Throwable failure() {
        return failure;
    }
}
