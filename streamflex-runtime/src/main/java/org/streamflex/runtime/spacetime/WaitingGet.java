package org.streamflex.runtime.spacetime;

import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * A remote get that waits for its item on a {@link SpaceTimeServer}'s event loop, without a thread
 * of its own: it registers with the channel ({@link InputConnection#getOrNotify}); a put or wake-up
 * on the channel hands it back to the event loop, which gets again and answers, or registers again;
 * a timer on the event loop ends it with one last get, which answers the item or the miss. Each
 * wake-up thus costs one hand-off to the event loop, where a thread blocked on the channel's
 * condition cost two (to the thread, then from it to the event loop to write the answer).
 *
 * <pre>{@code
 * ItemView now = input.getOrNotify(ts, null, waitingGet.onArrival()); // null: it waits
 * }</pre>
 *
 * <p>Every method but {@link #run()} runs on the event loop, so {@code done} needs no ordering: the
 * one answer is given by whichever of the retry and the timer comes first.
 */
final class WaitingGet implements Runnable {
    private final SpaceTimeSession session;
    private final EventExecutor loop;
    private final long request;
    private final InputConnection input;
    private final long timestamp;
    private final Wildcard wildcard;
    /** What the event loop runs after a put: made once, not at every put. */
    private final Runnable retry = this::retry;
    private ScheduledFuture<?> timer;
    private boolean done;

    WaitingGet(SpaceTimeSession session, EventExecutor loop, long request, InputConnection input, long timestamp,
            Wildcard wildcard) {
        this.session = session;
        this.loop = loop;
        this.request = request;
        this.input = input;
        this.timestamp = timestamp;
        this.wildcard = wildcard;
    }

    /** Starts the wait (its first get missed): registers, and ends it with a last get after {@code nanos}. */
    void start(long nanos) {
        timer = loop.schedule(this::expire, nanos, TimeUnit.NANOSECONDS);
        retry();
    }

    /**
     * The channel's callback, run by the putting thread under the space's lock: hands the retry to
     * the event loop and nothing more. A loop already shut down (the server closing) answers nobody.
     */
    @Override
    public void run() {
        try {
            loop.execute(retry);
        } catch (RejectedExecutionException closing) {
            // the loop is gone with its connection: no answer is owed to anybody
        }
    }

    private void retry() {
        if (done) {
            return;
        }
        try {
            ItemView view = input.getOrNotify(timestamp, wildcard, this);
            if (view != null) {
                finish();
                session.item(request, view);
            }
        } catch (RuntimeException e) {
            finish();
            session.failed(SpaceTimeWire.GET, request, e);
        }
    }

    private void expire() {
        if (done) {
            return;
        }
        done = true;
        try {
            session.item(request, input.stopWaiting(timestamp, wildcard, this));
        } catch (ItemNotAvailableException | RuntimeException e) {
            session.failed(SpaceTimeWire.GET, request, e);
        }
    }

    private void finish() {
        done = true;
        var _ = timer.cancel(false);
    }
}
