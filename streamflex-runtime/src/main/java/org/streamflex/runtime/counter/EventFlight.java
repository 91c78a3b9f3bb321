package org.streamflex.runtime.counter;

import org.streamflex.FilterEvent;

/**
 * Where a raised {@link FilterEvent} leaves the counters for the flight recorder. The JFR event
 * itself belongs to the runtime's flight-recorder events; until they are connected here this is a
 * no-op, which the JIT removes.
 */
public final class EventFlight {
    private EventFlight() {
    }

    /**
     * HOOK for the JFR event of a raised filter event: called on the filter's thread, after its
     * counter counted it, inside {@code work()} or {@code trigger()}. It must not allocate unless
     * JFR records the event ({@code jdk.jfr.Event#shouldCommit()}).
     *
     * @param filterName the filter's instance name
     * @param event the event raised
     * @param count the event's count, this raise included
     */
    public static void raised(String filterName, FilterEvent event, long count) {
        // Connected to the flight recorder's FilterEvent event by the lead (branch flight).
    }
}
