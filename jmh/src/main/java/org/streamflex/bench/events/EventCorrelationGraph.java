package org.streamflex.bench.events;

import org.streamflex.Clock;
import org.streamflex.StreamFlexGraph;

/**
 * The paper's transaction-tracking graph (section 7.4): EventCreator -> EventMatcher ->
 * EventSummarizer, released by one clock.
 *
 * <pre>{@code
 * EventCorrelationGraph g = new EventCorrelationGraph(200);
 * g.start();
 * ...
 * g.stop();
 * System.out.println(g.summarizer.transactions + " transactions");
 * }</pre>
 */
public final class EventCorrelationGraph extends StreamFlexGraph {
    public final Clock clock;
    public final EventCreator creator;
    public final EventMatcher matcher;
    public final EventSummarizer summarizer;

    public EventCorrelationGraph(int periodMicros) {
        clock = makeClock(periodMicros);
        creator = makeFilter(EventCreator.class);
        matcher = makeFilter(EventMatcher.class);
        summarizer = makeFilter(EventSummarizer.class);
        connect(clock, creator, "timer");
        connect(creator, matcher, 2 * EventCreator.PER_RELEASE);
        connect(matcher, summarizer, 2 * EventCreator.PER_RELEASE);
        validate();
    }
}
