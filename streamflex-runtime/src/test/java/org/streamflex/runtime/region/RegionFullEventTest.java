package org.streamflex.runtime.region;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import jdk.jfr.consumer.RecordedEvent;
import org.junit.jupiter.api.Test;
import org.streamflex.RegionFullError;
import org.streamflex.abi.Regions;
import org.streamflex.runtime.flight.FlightRecording;

class RegionFullEventTest {

    @Test
    void aFullTransientRegionIsRecordedWithItsSizesAndTheCodeThatAllocated() {
        TransientRegion small = new TransientRegion("Spectrum", 256);
        try (FlightRecording recording = FlightRecording.everything()) {
            small.newArray(8, Regions.T_LONG); // 80 bytes
            assertThrows(RegionFullError.class, () -> small.newArray(100, Regions.T_INT));
            List<RecordedEvent> full = recording.events("org.streamflex.RegionFull");
            assertEquals(1, full.size());
            RecordedEvent event = full.get(0);
            assertEquals("Spectrum", event.getString("filter"));
            assertEquals("transient", event.getString("region"));
            assertEquals(256, event.getLong("capacity"));
            assertEquals(80, event.getLong("used"));
            assertEquals(416, event.getLong("requested"));
            assertEquals("new int[100]", event.getString("allocation"));
            assertTrue(event.getStackTrace().getFrames().stream()
                    .anyMatch(f -> f.getMethod().getType().getName().equals(RegionFullEventTest.class.getName())),
                    "the stack trace reaches the code that allocated");
        }
    }

    @Test
    void aFullStableRegionIsRecordedWithWhatDidNotFit() {
        StableRegion stable = new StableRegion("Keeper", 64);
        try (FlightRecording recording = FlightRecording.everything()) {
            assertThrows(RegionFullError.class, () -> stable.allocateRaw(100));
            List<RecordedEvent> full = recording.events("org.streamflex.RegionFull");
            assertEquals(1, full.size());
            RecordedEvent event = full.get(0);
            assertEquals("Keeper", event.getString("filter"));
            assertEquals("stable", event.getString("region"));
            assertEquals(64, event.getLong("capacity"));
            assertEquals(100, event.getLong("requested"));
            assertEquals("an off-heap segment", event.getString("allocation"));
        }
    }

    @Test
    void aDisabledRegionFullEventRecordsNothing() {
        TransientRegion small = new TransientRegion("Spectrum", 16);
        try (FlightRecording recording = FlightRecording.nothing()) {
            assertThrows(RegionFullError.class, () -> small.newArray(100, Regions.T_INT));
            assertEquals(List.of(), recording.all());
        }
    }
}
