package org.streamflex.runtime.flight;

import org.streamflex.runtime.clock.ReleaseRule;

/**
 * The flight recorder events of one clock thread: {@link ReleaseEvent} around each release and
 * {@link DeadlineMissEvent} after a missed one. Confined to the clock's thread, so it reuses one
 * release event: a recording with releases enabled allocates nothing per release either. The
 * event is unthrottled, so its start time and duration are set afresh by every
 * {@code begin()}/{@code end()}, which is what makes reuse safe.
 *
 * <pre>{@code
 * ClockFlight flight = new ClockFlight(clock.toString(), clock.periodMicros(), filterName);
 * flight.begin();
 * clock.release(...);
 * flight.released(boundary, start, completion, missed, clock.missedDeadlines());
 * }</pre>
 */
public final class ClockFlight {
    private final ReleaseEvent release = new ReleaseEvent();
    private final String clock;
    private final int periodMicros;
    private final String filter;
    /** Whether this release began while the event was enabled; only the clock's thread reads it. */
    private boolean begun;

    public ClockFlight(String clock, int periodMicros, String filter) {
        this.clock = clock;
        this.periodMicros = periodMicros;
        this.filter = filter;
    }

    /** Right before a release. */
    public void begin() {
        if (release.isEnabled()) {
            release.begin();
            begun = true;
        }
    }

    /**
     * Right after the release; times in nanoseconds since the graph's boundary 0, by the backend.
     *
     * @param missedDeadlines the clock's misses so far, this one included
     */
    public void released(long boundary, long startNanos, long completionNanos, boolean missed, long missedDeadlines) {
        long period = periodMicros * 1000L;
        if (begun) {
            begun = false;
            release.end();
            if (release.shouldCommit()) {
                release.clock = clock;
                release.period = periodMicros;
                release.filter = filter;
                release.boundary = boundary;
                release.lateness = period == 0 ? 0 : startNanos - boundary * period; // free-running: no boundary time
                release.releaseDuration = completionNanos - startNanos;
                release.missed = missed;
                release.commit();
            }
        }
        if (missed) {
            Flight.deadlineMiss(clock, periodMicros, filter, boundary, completionNanos,
                    ReleaseRule.nextBoundary(boundary, completionNanos, period) - boundary - 1, missedDeadlines);
        }
    }
}
