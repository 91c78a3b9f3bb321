package org.streamflex.runtime.flight;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Throttle;
import jdk.jfr.Timespan;

/**
 * A release that completed after its deadline, by the paper's rule (the clock's
 * {@code missedDeadlines()} counts them). Enabled by default: a miss is what a real-time user
 * records for. Throttled to 100 a second, as the JDK throttles its exception events, so that a
 * clock missing every deadline cannot flood a recording; {@code missedDeadlines} carries the
 * clock's total, so the count is never lost to throttling.
 */
@Name("org.streamflex.DeadlineMiss")
@Label("Deadline Miss")
@Category({"StreamFlex", "Clock"})
@Description("A release that completed after its deadline (the next period boundary)")
@Enabled(true)
@Throttle("100/s")
@StackTrace(false)
public final class DeadlineMissEvent extends jdk.jfr.Event {
    @Label("Clock")
    String clock;

    @Label("Period")
    @Timespan(Timespan.MICROSECONDS)
    long period;

    @Label("Filter")
    @Description("The instance name of the filter the clock releases")
    String filter;

    @Label("Boundary")
    @Description("The period boundary released; the deadline is the next one")
    long boundary;

    @Label("Lateness")
    @Description("Completion minus deadline: by how much the release overran")
    @Timespan(Timespan.NANOSECONDS)
    long lateness;

    @Label("Skipped Boundaries")
    @Description("Boundaries not released because of the overrun (added to the filter's TimeChannel.missedDeadlines())")
    long skipped;

    @Label("Missed Deadlines")
    @Description("The clock's missed deadlines so far, this one included")
    long missedDeadlines;
}
