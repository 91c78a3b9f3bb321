package org.streamflex.runtime.counter;

import org.streamflex.FilterEvent;
import org.streamflex.runtime.flight.Flight;

/**
 * Where a raised {@link FilterEvent} leaves the counters for the flight recorder: the
 * {@code org.streamflex.FilterEvent} JFR event ({@link Flight#filterEvent}), which costs a
 * constant-false check when no recording runs.
 */
public final class EventFlight {
    private EventFlight() {
    }

    /**
     * Writes the JFR event of a raised filter event: called on the filter's thread, after its
     * counter counted it, inside {@code work()} or {@code trigger()}. It must not allocate unless
     * JFR records the event ({@code jdk.jfr.Event#shouldCommit()}).
     *
     * @param filterName the filter's instance name
     * @param event the event raised
     * @param count the event's count, this raise included
     */
    public static void raised(String filterName, FilterEvent event, long count) {
        Flight.filterEvent(filterName, event.name());
    }
}
