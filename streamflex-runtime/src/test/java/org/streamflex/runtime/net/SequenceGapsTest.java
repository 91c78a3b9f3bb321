package org.streamflex.runtime.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class SequenceGapsTest {
    @Test
    void gapsAreDropsTheSenderReportedFirstAndTheRestLostInTransit() {
        LinkCounters counters = new LinkCounters();
        SequenceGaps gaps = new SequenceGaps(counters);
        gaps.onData(0, 10);
        gaps.onLost(2);
        gaps.onData(15, 5);
        assertEquals(2, counters.droppedAtSender());
        assertEquals(3, counters.lostInTransit());
        gaps.onLost(4);
        gaps.onData(21, 1);
        gaps.onClose(25);
        assertEquals(6, counters.droppedAtSender(), "the trailing gap closes the sender's report");
        assertEquals(3, counters.lostInTransit());
        assertEquals(25, gaps.expected());
    }

    @Test
    void aSequenceGoingBackwardsIsAProtocolError() {
        SequenceGaps gaps = new SequenceGaps(new LinkCounters());
        gaps.onData(0, 10);
        ProtocolException e = assertThrows(ProtocolException.class, () -> gaps.onData(9, 1));
        assertEquals("DATA frame with first sequence number 9 goes backwards: the link expected 10 or later",
                e.getMessage());
    }
}
