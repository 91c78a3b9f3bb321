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

    @Test
    void aResumingSenderExplainsTheGapItsDeadConnectionLeft() {
        LinkCounters counters = new LinkCounters();
        SequenceGaps gaps = new SequenceGaps(counters);
        gaps.onLost(1);
        gaps.onData(1, 9);
        // The sender then dropped 10 to 12 (its LOST arrived), sent 13 to 19 (never arrived) and dropped
        // 20 and 21, and the connection died. It sent 16 items, so 22 - 16 = 6 numbers below 22 are drops.
        gaps.onLost(3);
        gaps.resume(22, 6);
        assertEquals(1 + 5, counters.droppedAtSender(), "10 to 12 and 20, 21: the LOST reports do not count twice");
        assertEquals(7, counters.lostInTransit(), "13 to 19 died in flight");
        assertEquals(22, gaps.expected());
        gaps.onData(22, 3);
        assertEquals(7, counters.lostInTransit());
        ProtocolException e = assertThrows(ProtocolException.class, () -> gaps.resume(20, 6));
        assertEquals("HELLO resuming from sequence number 20 goes backwards: the link expected 25 or later",
                e.getMessage());
    }

    @Test
    void aSenderNewToTheReceiverStartsWhereItSaysAndNothingBeforeIsCounted() {
        LinkCounters counters = new LinkCounters();
        SequenceGaps gaps = new SequenceGaps(counters);
        gaps.start(1000, 400);
        gaps.onData(1000, 10);
        gaps.onLost(2);
        gaps.onData(1012, 1);
        assertEquals(2, counters.droppedAtSender());
        assertEquals(0, counters.lostInTransit());
        assertEquals(1013, gaps.expected());
    }
}
