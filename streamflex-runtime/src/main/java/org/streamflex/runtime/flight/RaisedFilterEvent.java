package org.streamflex.runtime.flight;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * A named event a filter raised ({@code FilterEvent}/{@code raise} of the API). Enabled and not
 * throttled: a filter raises one because someone wants to see it. No stack trace by default
 * (the filter and the event's name say where); turn it on with {@code stackTrace=true}.
 */
@Name("org.streamflex.FilterEvent")
@Label("Filter Event")
@Category({"StreamFlex", "Filter"})
@Description("A named event raised by a filter's code")
@Enabled(true)
@StackTrace(false)
public final class RaisedFilterEvent extends jdk.jfr.Event {
    @Label("Filter")
    String filter;

    @Label("Event")
    @Description("The name the filter gave the event")
    String event;
}
