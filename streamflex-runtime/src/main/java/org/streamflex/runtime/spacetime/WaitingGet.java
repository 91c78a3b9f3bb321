package org.streamflex.runtime.spacetime;

import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * A remote get (of a channel, a queue or a register) that waits on a {@link SpaceTimeServer}'s
 * event loop, without a thread of its own: it registers with what it reads
 * ({@link #attempt(Runnable)}); a put, write or wake-up there hands it back to the event loop,
 * which tries again and answers, or registers again; a timer on the event loop ends it with one
 * last try ({@link #last()}), which answers the item or the miss. Each wake-up thus costs one
 * hand-off to the event loop, where a thread blocked on a condition cost two (to the thread, then
 * from it to the event loop to write the answer); and none when the channel put that brings the
 * item runs on this get's own event loop (another request of the server's, or what a put there
 * ran, {@link AsyncGet}): that put tries the get again itself once it has released the space's
 * lock ({@link AfterPut}), and the answer is written with no task queued.
 *
 * <pre>{@code
 * new WaitingChannelGet(session, loop, request, input, ts, null, room).start(timeoutNanos);
 * }</pre>
 *
 * <p>Every method but {@link #run()} runs on the event loop, so {@code done} needs no ordering: the
 * one answer is given by whichever of the retry and the timer comes first ({@link #afterPut()}
 * runs on the event loop too: it is deferred only by a put running there).
 */
abstract class WaitingGet extends AfterPut implements Runnable {
    final SpaceTimeSession session;
    final long request;
    private final SpaceTime space;
    private final EventExecutor loop;
    private final int op;
    /** What the event loop runs after a put: made once, not at every put. */
    private final Runnable retry = this::retry;
    private ScheduledFuture<?> timer;
    private boolean done;

    WaitingGet(SpaceTimeSession session, EventExecutor loop, int op, long request) {
        this.session = session;
        this.space = session.space();
        this.loop = loop;
        this.op = op;
        this.request = request;
    }

    /** Starts the wait (its first try missed): registers, and ends it with a last try after {@code nanos}. */
    final void start(long nanos) {
        timer = loop.schedule(this::expire, nanos, TimeUnit.NANOSECONDS);
        retry();
    }

    /**
     * The callback of what it waits on, run by the putting thread under the space's lock: a channel
     * put on this get's event loop retries it itself once unlocked; any other hands the retry to
     * the event loop and nothing more. A loop already shut down (the server closing) answers nobody.
     */
    @Override
    public final void run() {
        if (space.deferring() && loop.inEventLoop()) {
            space.defer(this);
            return;
        }
        try {
            loop.execute(retry);
        } catch (RejectedExecutionException closing) {
            // the loop is gone with its connection: no answer is owed to anybody
        }
    }

    /**
     * Tries once, under one hold of the space's lock: answers and returns true, or registers
     * {@code onArrival} for the next put, write or wake-up and returns false.
     */
    abstract boolean attempt(Runnable onArrival);

    /** Forgets the registration and tries a last time: answers, or throws the miss. */
    abstract void last() throws ItemNotAvailableException;

    /** Answers {@code view} (true), or nothing if it is null (false): an attempt's end. */
    final boolean answered(ItemView view, int room) {
        if (view == null) {
            return false;
        }
        session.item(request, view, room);
        return true;
    }

    @Override
    final void afterPut() {
        retry();
    }

    private void retry() {
        if (done) {
            return;
        }
        try {
            if (attempt(this)) {
                finish();
            }
        } catch (RuntimeException e) {
            finish();
            session.failed(op, request, e);
        }
    }

    private void expire() {
        if (done) {
            return;
        }
        done = true;
        try {
            last();
        } catch (ItemNotAvailableException | RuntimeException e) {
            session.failed(op, request, e);
        }
    }

    private void finish() {
        done = true;
        var _ = timer.cancel(false);
    }
}
