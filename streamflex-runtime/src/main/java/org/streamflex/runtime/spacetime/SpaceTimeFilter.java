package org.streamflex.runtime.spacetime;

import org.streamflex.Filter;

/**
 * A filter that uses space-time memory: its handle fields ({@link SpaceTimeInput} and
 * {@link SpaceTimeOutput} for channels, {@link SpaceTimeQueueInput} and {@link SpaceTimeQueueOutput}
 * for queues, {@link SpaceTimeRegisterHandle} for registers) are bound by {@link SpaceTimeFilters}
 * when the graph is built, and its activity is {@link #process()}, run by {@link #work()} as one
 * space-time transaction: the puts, consumes, register writes and reads and virtual time of a
 * {@code process()} that returns are made when it returns, in one atomic step; those of one that
 * throws are dropped and its gets undone (queue items back at the head of their queue), and the
 * exception goes on to the runtime, which undoes the filter's channel operations as for any
 * {@code work()}.
 *
 * <pre>{@code
 * public final class Tracker extends SpaceTimeFilter {
 *     private TimeChannel timer;
 *     private SpaceTimeInput frames;
 *     private SpaceTimeOutput tracks;
 *     protected void process() {
 *         SpaceTimeItem frame = frames.get(Wildcard.LATEST_UNSEEN);
 *         if (frame != null) {
 *             tracks.put(frame.timestamp(), locate(frame));
 *             frames.consumeUntil(frame.timestamp());
 *         }
 *     }
 * }
 * }</pre>
 */
public abstract class SpaceTimeFilter extends Filter {
    /** Set by {@link SpaceTimeFilters#join} or {@link RemoteSpaceTimeFilters#join}; null until then. */
    private FilterTransaction spaceTime;

    protected SpaceTimeFilter() {
    }

    /** What the filter does at a release; its space-time operations are one transaction. */
    protected abstract void process();

    /**
     * Runs {@link #process()} as one space-time transaction.
     *
     * @throws SpaceTimeStateException if the filter was never joined to a space
     */
    @Override
    public final void work() {
        FilterTransaction st = spaceTime;
        if (st == null) {
            throw new SpaceTimeStateException("space-time filter " + getClass().getName() + " runs without a"
                    + " space-time thread: join it with SpaceTimeFilters.join(filter, virtualTime) when the graph is"
                    + " built");
        }
        st.begin();
        boolean returned = false;
        try {
            process();
            returned = true;
        } finally {
            if (returned) {
                st.commit();
            } else {
                st.undo();
            }
        }
    }

    void joined(FilterTransaction thread) {
        this.spaceTime = thread;
    }

    FilterTransaction spaceTimeThread() {
        return spaceTime;
    }
}
