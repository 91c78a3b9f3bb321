package org.streamflex;

/**
 * The channel on which a clock releases a filter. It holds at most one tick: when a tick arrives
 * while one is unread, the older tick is kept and the newer one counted as missed. The tick and
 * the count are cleared when {@code work()} returns.
 *
 * <pre>{@code
 * class Sampler extends Filter {
 *     private TimeChannel timer;
 *     private LongChannel out;
 *     public void work() {
 *         if (timer.missedDeadlines() > 0) lateReleases++;
 *         out.put(timer.getTime());
 *     }
 * }
 * }</pre>
 */
public abstract class TimeChannel {
    protected TimeChannel() {
    }

    /** 1 if a tick is waiting to be read in this {@code work()}, else 0. */
    public abstract int size();

    /**
     * The first unread tick: the release time in microseconds since the graph started (for a
     * periodic clock, a multiple of its period).
     *
     * @throws ChannelUnderflowException if no tick is unread (the filter was released by data)
     */
    public abstract long getTime();

    /**
     * Ticks that were not delivered since the previous {@code work()}: periods skipped because
     * a release completed after its deadline, and ticks that arrived while one was unread.
     */
    public abstract int missedDeadlines();
}
