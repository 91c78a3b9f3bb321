package org.streamflex.runtime.net;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Coalesces a producer's wake-ups of the event loop that drains its queue: the producer schedules a
 * drain only when none is pending, and the event loop keeps the request pending until it has drained,
 * so that a producer offering while a drain runs schedules nothing (each {@code execute} from another
 * thread is a task, and may be a wake-up of the selector: a system call).
 *
 * <p>Memory ordering: Dekker's handshake between the producer's publication of an item and the event
 * loop's clearing of the request. The producer publishes the item (the queue's release store), then
 * {@link #request()} issues a full fence before it loads the flag; the event loop, in {@link #done()},
 * stores the cleared flag and issues a full fence before it looks at the queue again. The fences forbid
 * each side's later load from passing its earlier store (StoreLoad, which release and acquire alone
 * allow), so at least one side sees the other's store: either the producer sees the flag clear and
 * schedules a drain, or the event loop sees the item and drains it. Without them an item could wait
 * in the queue with no drain coming. {@code DrainRequestTest} (streamflex-concurrency) checks this
 * under jcstress. A receiver's credit grants use it the same way: its consumer publishes what it
 * consumed, then requests a grant; the grant clears the request before it reads that count.
 *
 * <pre>{@code
 * // producer, after publishing an item:
 * if (request.request()) {
 *     loop.execute(drainTask);
 * }
 * // event loop, at the end of drainTask:
 * request.done();
 * if (queue.available() > 0 && request.request()) {
 *     loop.execute(drainTask); // more came meanwhile, and no producer scheduled it
 * }
 * }</pre>
 */
final class DrainRequest {
    private static final VarHandle PENDING;

    static {
        try {
            PENDING = MethodHandles.lookup().findVarHandle(DrainRequest.class, "pending", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** 1 while a drain is scheduled or running, else 0. */
    private int pending;

    /**
     * Any thread, after publishing what a drain should send: whether the caller must schedule the
     * drain, which then is pending; false if one already is, which will see what was published.
     */
    boolean request() {
        VarHandle.fullFence();
        // A plain look first: while a drain is pending, as it mostly is under load, no locked instruction.
        return (int) PENDING.getOpaque(this) == 0 && PENDING.compareAndSet(this, 0, 1);
    }

    /**
     * Event loop, done draining: clears the request. The caller then looks at the queue again, and
     * requests a drain for what it finds (a producer that saw the request pending scheduled none).
     */
    void done() {
        PENDING.setOpaque(this, 0);
        VarHandle.fullFence();
    }

    /** Event loop, when the drain task could not be scheduled (the loop is shut down): nothing is pending. */
    void cancel() {
        done();
    }
}
