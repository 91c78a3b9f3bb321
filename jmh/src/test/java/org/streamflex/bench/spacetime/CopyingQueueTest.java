package org.streamflex.bench.spacetime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The JCTools baseline carries what the space-time side carries: copies, in order, bounded. */
class CopyingQueueTest {
    @Test
    void itemsAreCopiedInAndOutInOrderAndTheSourceMayBeReusedAtOnce() {
        CopyingQueue q = new CopyingQueue(4, 64);
        byte[] src = Payloads.filled(64);
        for (int i = 0; i < 4; i++) {
            src[0] = (byte) i;
            assertTrue(q.offer(src));
        }
        assertFalse(q.offer(src), "full at its capacity");
        byte[] dst = new byte[64];
        for (int i = 0; i < 4; i++) {
            assertTrue(q.poll(dst));
            byte[] expected = Payloads.filled(64);
            expected[0] = (byte) i;
            assertArrayEquals(expected, dst);
        }
        assertFalse(q.poll(dst), "empty");
        assertTrue(q.offer(src), "the buffers came back");
    }

    @Test
    void aCapacityJctoolsWouldRoundIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new CopyingQueue(1000, 64));
    }

    @Test
    void payloadsAreNumberedBytes() {
        byte[] item = Payloads.filled(300);
        assertEquals(300, item.length);
        assertEquals((byte) 299, item[299]);
    }
}
