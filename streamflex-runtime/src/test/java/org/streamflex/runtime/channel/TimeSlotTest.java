package org.streamflex.runtime.channel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.streamflex.ChannelUnderflowException;

class TimeSlotTest {
    private final TimeSlot slot = new TimeSlot("clock 0 -> Gen.timer");

    @Test
    void keepsTheOldestTickAndCountsTheNewerOnesAsMissed() {
        slot.write(100, 0);
        slot.write(200, 0);
        slot.write(300, 0);
        slot.begin();
        assertEquals(100, slot.getTime());
        assertEquals(2, slot.missedDeadlines());
        slot.end();
        assertFalse(slot.hasTick());
    }

    @Test
    void skippedPeriodsCountAsMissed() {
        slot.write(500, 3);
        slot.begin();
        assertEquals(500, slot.getTime());
        assertEquals(3, slot.missedDeadlines());
    }

    @Test
    void tickAndCountAreResetWhenWorkReturns() {
        slot.write(100, 2);
        slot.begin();
        slot.end();
        slot.write(200, 0);
        slot.begin();
        assertEquals(200, slot.getTime());
        assertEquals(0, slot.missedDeadlines());
    }

    @Test
    void aTickArrivingDuringWorkIsKeptForTheNextWork() {
        slot.begin(); // released by data, no tick
        slot.write(300, 0);
        slot.end();
        assertTrue(slot.hasTick());
        slot.begin();
        assertEquals(300, slot.getTime());
    }

    @Test
    void getTimeWithoutATickThrows() {
        slot.begin();
        assertThrows(ChannelUnderflowException.class, slot::getTime);
        assertEquals(0, slot.size());
    }
}
