package org.streamflex.runtime.net;

import java.time.Duration;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * How a {@link NetworkLinkClient} retries after its connection dropped: the first retry after
 * {@code initialDelay}, each further one after twice the last, at most {@code maxDelay}, every delay
 * shortened by a random part of up to {@code jitter} of it, so that senders cut off together do not
 * come back together. A handshake that succeeds starts the series again.
 *
 * <pre>{@code
 * ReconnectPolicy policy = ReconnectPolicy.DEFAULT;          // 50 ms doubling to 2 s, 20 % jitter
 * ReconnectPolicy quick = new ReconnectPolicy(Duration.ofMillis(10), Duration.ofMillis(200), 0.5);
 * }</pre>
 *
 * @param initialDelay the delay before the first retry, positive
 * @param maxDelay the longest delay, at least {@code initialDelay}
 * @param jitter the largest part of a delay taken off at random, 0 to 1 (exclusive)
 */
public record ReconnectPolicy(Duration initialDelay, Duration maxDelay, double jitter) {
    /** 50 ms doubling to 2 s, with 20 % jitter. */
    public static final ReconnectPolicy DEFAULT = new ReconnectPolicy(Duration.ofMillis(50), Duration.ofSeconds(2),
            0.2);

    /** Checks the bounds. */
    public ReconnectPolicy {
        Objects.requireNonNull(initialDelay, "initialDelay");
        Objects.requireNonNull(maxDelay, "maxDelay");
        if (initialDelay.isNegative() || initialDelay.isZero() || maxDelay.compareTo(initialDelay) < 0) {
            throw new IllegalArgumentException("reconnect delays " + initialDelay + " to " + maxDelay
                    + ": the initial delay must be positive and at most the maximum");
        }
        if (!(jitter >= 0 && jitter < 1)) {
            throw new IllegalArgumentException("reconnect jitter " + jitter + " is not in [0, 1)");
        }
    }

    /** The delay before retry {@code failures + 1} without jitter: doubled per failure, capped. */
    public long baseDelayNanos(int failures) {
        long initial = initialDelay.toNanos();
        long max = maxDelay.toNanos();
        int doublings = Math.min(Math.max(failures, 0), 62);
        long delay = initial;
        for (int i = 0; i < doublings && delay < max; i++) {
            delay = delay > max / 2 ? max : delay * 2;
        }
        return Math.min(delay, max);
    }

    /** The delay before retry {@code failures + 1}: the base delay less up to {@code jitter} of it. */
    public long delayNanos(int failures, RandomGenerator random) {
        long base = baseDelayNanos(failures);
        return base - (long) (base * jitter * random.nextDouble());
    }
}
