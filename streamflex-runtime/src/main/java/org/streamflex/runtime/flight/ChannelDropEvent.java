package org.streamflex.runtime.flight;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Throttle;

/**
 * Items a {@code work()} put on a full channel, written once per committed {@code work()} that
 * dropped something (not per item), on the producer's thread. Enabled, throttled to 100 a second
 * per event type: {@code dropped} carries the channel's total, so throttling loses events, never
 * counts.
 */
@Name("org.streamflex.ChannelDrop")
@Label("Channel Drop")
@Category({"StreamFlex", "Channel"})
@Description("Items one work() put on a full channel, dropped when it committed")
@Enabled(true)
@Throttle("100/s")
@StackTrace(false)
public final class ChannelDropEvent extends jdk.jfr.Event {
    @Label("Channel")
    @Description("The channel, as DataChannel.name() names it: Gen.out -> Mid.in")
    String channel;

    @Label("Capacity")
    int capacity;

    @Label("Count")
    @Description("Items this work() dropped")
    int count;

    @Label("Dropped")
    @Description("Items the channel dropped so far, these included")
    long dropped;
}
