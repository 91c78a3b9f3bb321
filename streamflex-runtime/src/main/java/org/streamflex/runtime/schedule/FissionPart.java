package org.streamflex.runtime.schedule;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;
import org.streamflex.abi.RegionSlot;

/**
 * One replica's part of a fissioned batch: the thread that runs it (a worker, or the filter's own
 * thread) claims chunks of the batch from {@link FissionChunks} until none is left and runs each on
 * the replica, whose inputs hold the whole batch's window: it skips the calls other parts claimed,
 * runs the chunk's calls as one replica transaction, and notes how many items the chunk put on each
 * output. The filter's thread posts it; whoever runs it publishes {@code done} last, with release
 * semantics, so that the poster, reading it with acquire, sees the replica's channels, the chunks'
 * notes and {@link #failure()} as the runner left them.
 *
 * <pre>{@code
 * FissionPart part = new FissionPart(replica, 1, chunks, pops);
 * part.prepare(Thread.currentThread());
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
    private final int index;
    private final FissionChunks chunks;
    private final int[] pops;
    /** Each output's published count before the chunk running now; the runner's alone. */
    private final long[] marks;
    /** Written by the poster before posting, read by the runner. */
    private Thread poster;
    /** Written by the runner before {@code done}, read by the poster after. */
    private Throwable failure;
    /** The chunk that threw {@link #failure}. */
    private int failedChunk;
    private boolean done;

    /**
     * @param index the replica's index, which the chunks it runs are noted with
     * @param chunks the batch's chunks, shared by every part
     * @param pops items each call takes from each input
     */
    FissionPart(Replica replica, int index, FissionChunks chunks, int[] pops) {
        this.replica = replica;
        this.index = index;
        this.chunks = chunks;
        this.pops = pops;
        this.marks = new long[chunks == null ? 0 : chunks.outputs()];
    }

    /** By the poster, before the part is handed over (after the batch is cut). */
    final void prepare(Thread waiting) {
        this.poster = waiting;
        this.failure = null;
        DONE.setRelease(this, false);
    }

    /** By the runner: the chunks it claims, then done, then the poster woken. */
    final void run(RegionSlot slot) {
        failure = execute(slot);
        DONE.setRelease(this, true);
        LockSupport.unpark(poster);
    }

    /**
     * The part's work: chunks claimed and run on the replica until none is left or one throws; the
     * jcstress tests of the hand-off put their own here.
     *
     * @return what a work() threw, or null
     */
    Throwable execute(RegionSlot slot) {
        FilterTask task = replica.task();
        Firings loop = replica.loop();
        int outputs = marks.length;
        int at = 0;
        for (int c = chunks.claim(); c >= 0; c = chunks.claim()) {
            int start = chunks.start(c);
            if (start > at) {
                // The calls between belong to chunks other parts claimed: their items are not this replica's.
                for (int i = 0; i < pops.length; i++) {
                    replica.input(i).skip((start - at) * pops[i]);
                }
            }
            int calls = chunks.calls(c);
            for (int o = 0; o < outputs; o++) {
                marks[o] = replica.outputRing(o).published();
            }
            Throwable thrown = task.fireReplica(slot, calls, loop);
            if (thrown != null) {
                failedChunk = c;
                chunks.stop();
                return thrown;
            }
            for (int o = 0; o < outputs; o++) {
                chunks.put(c, o, (int) (replica.outputRing(o).published() - marks[o]));
            }
            chunks.ran(c, index);
            at = start + calls;
        }
        return null;
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

    /**
     * The chunk whose work() threw {@link #failure()}: of two parts' failures, the earlier chunk's is
     * what one thread would have thrown (no chunk after a failure is claimed, every one before it was).
     */
    final int failedChunk() {
        return failedChunk;
    }
}
