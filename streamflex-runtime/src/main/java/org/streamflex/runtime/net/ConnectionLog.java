package org.streamflex.runtime.net;

import io.netty.channel.EventLoop;
import java.util.SplittableRandom;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.streamflex.runtime.counter.SingleWriterCounter;

/**
 * What the connections of one link did, and when its next one is tried: attempts, links opened
 * (handshakes that succeeded), the last problem, and the backoff between attempts after failures.
 * Shared by the ends that connect ({@link NetworkLinkClient}, {@link ReceivingLinkClient}) and the
 * ends a server hosts ({@link ServerLinkSender}, which only counts). Written by the link's event loop
 * (and by the thread of a client's first {@code connect}, before the event loop runs any); read by any.
 *
 * <pre>{@code
 * log.attempted();                                   // event loop, before bootstrap.connect
 * log.linked();                                      // the handshake succeeded: backoff starts again
 * log.retryLater(loop, settings.reconnect(), this::attempt); // the connection failed or ended
 * }</pre>
 */
final class ConnectionLog {
    /** The event loop's: jitter for the backoff. */
    private final SplittableRandom random = new SplittableRandom();
    private final SingleWriterCounter attempts = new SingleWriterCounter();
    private final SingleWriterCounter linked = new SingleWriterCounter();
    /** Event loop only: failed attempts since the last link opened. */
    private int failures;
    private volatile String lastProblem = "";

    /** A connection is being tried. */
    void attempted() {
        attempts.increment();
    }

    /** A connection's handshake succeeded: the backoff starts again from its shortest delay. */
    void linked() {
        failures = 0;
        linked.increment();
    }

    /** Why the last connection failed, ended or was refused. */
    void problem(String why) {
        lastProblem = why;
    }

    /** Event loop: runs {@code attempt} after {@code policy}'s next delay, unless the loop is shut down. */
    void retryLater(EventLoop loop, ReconnectPolicy policy, Runnable attempt) {
        long delay = policy.delayNanos(failures, random);
        failures = failures == Integer.MAX_VALUE ? failures : failures + 1;
        try {
            var _ = loop.schedule(attempt, delay, TimeUnit.NANOSECONDS);
        } catch (RejectedExecutionException e) {
            // Shut down by close(): nothing to retry.
        }
    }

    long attempts() {
        return attempts.get();
    }

    long connections() {
        return linked.get();
    }

    String lastProblem() {
        return lastProblem;
    }
}
