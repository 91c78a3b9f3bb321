package org.streamflex.runtime.flight;

import jdk.jfr.Category;
import jdk.jfr.DataAmount;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * An allocation that did not fit its filter's region, written just before the
 * {@code RegionFullError} is thrown. Enabled, with the stack trace: it shows the filter code
 * that allocated, which the error's message cannot name.
 */
@Name("org.streamflex.RegionFull")
@Label("Region Full")
@Category({"StreamFlex", "Region"})
@Description("An allocation that did not fit a filter's transient or stable region (a RegionFullError follows)")
@Enabled(true)
@StackTrace(true)
public final class RegionFullEvent extends jdk.jfr.Event {
    @Label("Filter")
    String filter;

    @Label("Region")
    @Description("transient or stable")
    String region;

    @Label("Capacity")
    @DataAmount
    long capacity;

    @Label("Used")
    @Description("What the region held before the allocation")
    @DataAmount
    long used;

    @Label("Requested")
    @DataAmount
    long requested;

    @Label("Allocation")
    @Description("What did not fit: new int[1024], new Node(...), an off-heap segment...")
    String allocation;
}
