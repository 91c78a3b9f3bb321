package org.streamflex.runtime.flight;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Threshold;
import jdk.jfr.Timespan;

/**
 * One release of a clock on its thread: the filter it released and everything that ran
 * downstream. The event's duration is the release, measured by the flight recorder's clock; the
 * fields are measured by the clock's backend, as the release rule sees them.
 *
 * <p>A periodic clock releases up to tens of thousands of times a second, so, as the JDK does for
 * its high-frequency duration events ({@code jdk.ThreadSleep}, {@code jdk.JavaMonitorEnter}), the
 * event is on by default with a threshold: only releases of 1 ms or more are written. Set
 * {@code threshold=0 ms} to see every release. No stack trace: it is always the clock's loop.
 */
@Name("org.streamflex.Release")
@Label("Release")
@Category({"StreamFlex", "Clock"})
@Description("A release of a clock: the filter it released and everything downstream, on the clock's thread")
@Enabled(true)
@Threshold("1 ms")
@StackTrace(false)
public final class ReleaseEvent extends jdk.jfr.Event {
    @Label("Clock")
    @Description("The clock, as Clock.toString() names it: its index and period")
    String clock;

    @Label("Period")
    @Timespan(Timespan.MICROSECONDS)
    long period;

    @Label("Filter")
    @Description("The instance name of the filter the clock releases")
    String filter;

    @Label("Boundary")
    @Description("The period boundary released: its time is boundary * period after the graph's start")
    long boundary;

    @Label("Lateness")
    @Description("How late the release began: its start minus its boundary's time")
    @Timespan(Timespan.NANOSECONDS)
    long lateness;

    @Label("Release Duration")
    @Description("Completion minus start, by the clock's backend")
    @Timespan(Timespan.NANOSECONDS)
    long releaseDuration;

    @Label("Missed")
    @Description("Whether it completed after its deadline, the next boundary")
    boolean missed;
}
