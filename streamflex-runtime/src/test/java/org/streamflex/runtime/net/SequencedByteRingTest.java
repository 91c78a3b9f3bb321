package org.streamflex.runtime.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Numbered byte records: bounded in items and in bytes, never split at the array's end, in order across threads. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SequencedByteRingTest {
    private static boolean put(SequencedByteRing ring, long sequence, int length) {
        int at = ring.claim(sequence, length);
        if (at < 0) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            ring.buffer()[at + i] = (byte) (sequence + i);
        }
        ring.publish();
        return true;
    }

    private static void takeAndCheck(SequencedByteRing ring, long sequence, int length) {
        assertTrue(ring.available() > 0);
        assertEquals(sequence, ring.sequence());
        assertEquals(length, ring.length());
        int at = ring.offset();
        for (int i = 0; i < length; i++) {
            assertEquals((byte) (sequence + i), ring.buffer()[at + i], "byte " + i + " of record " + sequence);
        }
        ring.next();
        ring.free();
    }

    @Test
    void boundedInItemsAndInBytes() {
        SequencedByteRing items = new SequencedByteRing(3, 1024);
        assertTrue(put(items, 0, 1) && put(items, 1, 1) && put(items, 2, 1));
        assertFalse(put(items, 3, 1), "three items at most, though bytes are left");
        takeAndCheck(items, 0, 1);
        assertTrue(put(items, 3, 1));
        SequencedByteRing bytes = new SequencedByteRing(100, 128);
        assertEquals(128, bytes.byteCapacity());
        assertEquals(52, bytes.maxLength());
        assertTrue(put(bytes, 0, 40) && put(bytes, 1, 40));
        assertFalse(put(bytes, 2, 40), "128 bytes hold two records of 52");
        assertEquals(2, bytes.size());
        assertThrows(IllegalArgumentException.class, () -> bytes.claim(9, 53));
    }

    @Test
    void aRecordThatDoesNotFitBeforeTheEndStartsOverAndAMaximalOneAlwaysFits() {
        SequencedByteRing ring = new SequencedByteRing(1000, 128);
        long seq = 0;
        long taken = 0;
        int[] lengths = {0, 5, 52, 17, 3, 52, 40, 1, 30};
        for (int round = 0; round < 200; round++) {
            int length = lengths[round % lengths.length];
            if (!put(ring, seq, length)) {
                // Full: empty it, then the record must fit.
                while (ring.available() > 0) {
                    takeAndCheck(ring, taken, lengths[(int) (taken % lengths.length)]);
                    taken++;
                }
                assertTrue(put(ring, seq, length), "an empty ring takes a record of " + length);
            }
            seq++;
        }
        while (ring.available() > 0) {
            takeAndCheck(ring, taken, lengths[(int) (taken % lengths.length)]);
            taken++;
        }
        assertEquals(seq, taken);
    }

    @Test
    void rewindReturnsTheCursorToTheOldestRecordNotFreed() {
        SequencedByteRing ring = new SequencedByteRing(8, 256);
        assertTrue(put(ring, 10, 4) && put(ring, 11, 4));
        ring.next();
        assertEquals(11, ring.sequence());
        ring.rewind();
        assertEquals(10, ring.sequence());
        assertEquals(2, ring.available());
    }

    @Test
    void aProducerAndAConsumerThreadPassEveryRecordInOrder() throws Exception {
        SequencedByteRing ring = new SequencedByteRing(64, 1024);
        int n = 300_000;
        Thread producer = new Thread(() -> {
            for (long s = 0; s < n; s++) {
                while (!put(ring, s, (int) (s % 61))) {
                    Thread.onSpinWait();
                }
            }
        });
        producer.start();
        for (long s = 0; s < n; s++) {
            while (ring.available() == 0) {
                Thread.onSpinWait();
            }
            takeAndCheck(ring, s, (int) (s % 61));
        }
        producer.join();
        assertEquals(0, ring.size());
    }
}
