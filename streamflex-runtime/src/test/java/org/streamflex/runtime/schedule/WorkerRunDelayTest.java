package org.streamflex.runtime.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

/** The run delay read from {@code /proc/thread-self/schedstat}: its second field. */
class WorkerRunDelayTest {
    private static long parse(String line) {
        byte[] bytes = line.getBytes(StandardCharsets.US_ASCII);
        return WorkerRunDelay.secondField(ByteBuffer.wrap(bytes), bytes.length);
    }

    @Test
    void theRunDelayIsTheSecondField() {
        assertEquals(45_531, parse("530857 45531 1\n"));
        assertEquals(0, parse("17 0 3\n"));
        assertEquals(123_456_789_012L, parse("9 123456789012"));
    }

    @Test
    void aLineWithoutASecondNumberGivesMinusOne() {
        assertEquals(-1, parse("530857\n"));
        assertEquals(-1, parse("530857 x 1\n"));
        assertEquals(-1, parse(""));
    }

    @Test
    void theCallingThreadsDelayIsReadAndNeverGoesBack() {
        assumeTrue(Files.isReadable(Path.of("/proc/thread-self/schedstat")), "no /proc/thread-self/schedstat here");
        try (WorkerRunDelay delay = WorkerRunDelay.open()) {
            assertNotNull(delay);
            long first = delay.nanos();
            assertTrue(first >= 0, "run delay " + first);
            long last = first;
            for (int i = 0; i < 1_000; i++) {
                LockSupport.parkNanos(1_000); // each wake-up may wait for a CPU: the count may grow
                long now = delay.nanos();
                assertTrue(now >= last, "run delay went back from " + last + " to " + now);
                last = now;
            }
        }
    }
}
