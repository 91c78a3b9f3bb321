package org.streamflex;

/**
 * Releases one filter periodically. Clocks are created by {@link StreamFlexGraph#makeClock(int)}
 * and cannot be subclassed by users. Each clock has its own thread; after the released filter's
 * {@code work()} returns, the same thread runs the downstream filters whose triggers hold, depth
 * first. Period 0 means free-running: releases back to back, for throughput runs.
 *
 * <pre>{@code
 * Clock clk = makeClock(80);           // every 80 microseconds
 * connect(clk, gen, "timer");
 * ...
 * System.out.println(clk.releases() + " releases, " + clk.missedDeadlines() + " missed");
 * }</pre>
 */
public abstract class Clock {
    protected Clock() {
    }

    /** The period in microseconds; 0 for a free-running clock. */
    public abstract int periodMicros();

    /** Releases so far. */
    public abstract long releases();

    /**
     * Releases that completed after their deadline, as the StreamFlex paper defines it: firing i
     * misses if it completes after {@code p * (ceil(a[i-1] / p) + 1)}, where {@code a[i-1]} is
     * the completion time of the previous firing.
     */
    public abstract long missedDeadlines();

    /**
     * What schedules this clock's thread, as logged at start, for example {@code "linux-fifo
     * priority 80, cpu any, memory not locked, clock_nanosleep then 20 us spin"}; {@code "not
     * started"} before {@link StreamFlexGraph#start()}. See {@link RealTime}.
     */
    public abstract String backend();
}
