package org.streamflex.bench.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.streamflex.runtime.GraphDriver;

class EventCorrelationTest {
    static final int RELEASES = 5000;

    @Test
    void theGraphAndThePlainVariantFindTheSameTransactions() {
        EventCorrelationGraph graph = new EventCorrelationGraph(200);
        GraphDriver.of(graph).run(RELEASES);
        PlainEventCorrelation plain = new PlainEventCorrelation();
        for (int i = 0; i < RELEASES; i++) {
            plain.release(i * 200L);
        }
        long events = (long) RELEASES * EventCreator.PER_RELEASE;
        EventSummarizer s = graph.summarizer;
        assertTrue(s.transactions * 3 <= events && s.transactions * 3 >= events - 2L * EventCreator.ACTIVE,
                "every event but those of the still-open transactions is matched: " + s.transactions);
        assertEquals(plain.transactions, s.transactions);
        assertEquals(plain.spreadSum, s.spreadSum);
        assertEquals(plain.spreadMax, s.spreadMax);
        assertEquals(0, graph.matcher.tableFull);
        assertEquals(0, graph.channel(graph.creator, "out").dropped());
        assertEquals(0, graph.channel(graph.matcher, "out").dropped());
    }
}
