package org.streamflex.runtime.flight;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Throttle;

/**
 * An {@code @Atomic} call turned back at commit: a release changed what it read, so it runs
 * again. Written on the calling Java thread, with its stack trace, which names the
 * {@code @Atomic} method and its caller. Enabled, throttled to 100 a second ({@code retries}
 * carries the filter's total).
 */
@Name("org.streamflex.AtomicTurnedBack")
@Label("Atomic Call Turned Back")
@Category({"StreamFlex", "Atomic"})
@Description("An @Atomic call from Java whose reads no longer held at commit: it runs again")
@Enabled(true)
@Throttle("100/s")
@StackTrace(true)
public final class AtomicTurnedBackEvent extends jdk.jfr.Event {
    @Label("Filter")
    @Description("The instance name of the filter called")
    String filter;

    @Label("Reads")
    @Description("Locations the attempt read")
    int reads;

    @Label("Writes")
    @Description("Locations (and copied blocks) the attempt wrote")
    int writes;

    @Label("Retries")
    @Description("Attempts of calls to this filter that ran again so far, for any reason")
    long retries;
}
