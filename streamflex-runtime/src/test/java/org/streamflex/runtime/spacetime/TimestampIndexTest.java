package org.streamflex.runtime.spacetime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class TimestampIndexTest {

    private static long[] keys(TimestampIndex<?> index) {
        long[] k = new long[index.size()];
        for (int i = 0; i < k.length; i++) {
            k[i] = index.keyAt(i);
        }
        return k;
    }

    @Test
    void outOfOrderPutsAreKeptInTimestampOrderWithTheirValues() {
        TimestampIndex<String> index = new TimestampIndex<>();
        for (long t : new long[] {5, 1, 9, 3, 7, -2}) {
            assertTrue(index.put(t, "v" + t));
        }
        assertArrayEquals(new long[] {-2, 1, 3, 5, 7, 9}, keys(index));
        for (int i = 0; i < index.size(); i++) {
            assertEquals("v" + index.keyAt(i), index.valueAt(i));
        }
        assertEquals("v3", index.get(3));
        assertNull(index.get(4));
        assertEquals(-2, index.firstKey());
        assertEquals(9, index.lastKey());
    }

    @Test
    void aSecondPutAtATimestampIsRefusedAndChangesNothing() {
        TimestampIndex<String> index = new TimestampIndex<>();
        assertTrue(index.put(4, "first"));
        assertFalse(index.put(4, "second"));
        assertEquals(1, index.size());
        assertEquals("first", index.get(4));
    }

    @Test
    void growingKeepsOrderWhenTheRingHasWrapped() {
        TimestampIndex<Long> index = new TimestampIndex<>();
        long next = 0;
        for (; next < 12; next++) {
            var _ = index.put(next, next);
        }
        index.removeBelow(10); // the head is now at slot 10 of 16: the next puts wrap around the ring's end
        for (; next < 200; next++) {
            var _ = index.put(next, next);
        }
        assertEquals(190, index.size());
        for (int i = 0; i < index.size(); i++) {
            assertEquals(10 + i, index.keyAt(i));
            assertEquals(10L + i, index.valueAt(i));
        }
        assertTrue(index.put(5, 5L)); // out of order below everything, after growth
        assertEquals(5, index.firstKey());
    }

    @Test
    void removingAPrefixLeavesTheRestAndClearsTheirValues() {
        TimestampIndex<Object> index = new TimestampIndex<>();
        for (long t = 0; t < 10; t++) {
            var _ = index.put(t * 10, new Object());
        }
        index.removeBelow(35);
        assertArrayEquals(new long[] {40, 50, 60, 70, 80, 90}, keys(index));
        index.removeBelow(1000);
        assertTrue(index.isEmpty());
        assertFalse(index.contains(40));
        assertEquals(0, index.ceiling(Long.MIN_VALUE));
    }

    @Test
    void ceilingAndHigherFindNeighboursAcrossGaps() {
        TimestampIndex<Void> index = new TimestampIndex<>();
        for (long t : new long[] {10, 20, 30}) {
            var _ = index.put(t, null);
        }
        assertEquals(0, index.ceiling(Long.MIN_VALUE));
        assertEquals(1, index.ceiling(11));
        assertEquals(1, index.ceiling(20));
        assertEquals(2, index.higher(20));
        assertEquals(3, index.ceiling(31));
        assertEquals(3, index.higher(30));
        assertEquals(3, index.higher(Long.MAX_VALUE));
        assertEquals(-1, index.indexOf(25));
        assertEquals(2, index.indexOf(30));
    }

    @Test
    void removingFromTheMiddleKeepsBothSidesInOrder() {
        TimestampIndex<Long> index = new TimestampIndex<>();
        for (long t = 0; t < 8; t++) {
            var _ = index.put(t, t);
        }
        assertTrue(index.remove(1)); // nearer the head: the older keys move
        assertTrue(index.remove(6)); // nearer the tail: the newer keys move
        assertFalse(index.remove(6));
        assertArrayEquals(new long[] {0, 2, 3, 4, 5, 7}, keys(index));
        for (int i = 0; i < index.size(); i++) {
            assertEquals(index.keyAt(i), index.valueAt(i));
        }
    }

    @Test
    void randomPutsAndRemovalsAgreeWithATreeMap() {
        Random random = new Random(16);
        TimestampIndex<Long> index = new TimestampIndex<>();
        TreeMap<Long, Long> expected = new TreeMap<>();
        long base = 0;
        for (int step = 0; step < 20_000; step++) {
            int what = random.nextInt(10);
            long t = base + random.nextInt(64);
            if (what < 6) {
                assertEquals(expected.putIfAbsent(t, t) == null, index.put(t, t), "put " + t);
            } else if (what < 8) {
                assertEquals(expected.remove(t) != null, index.remove(t), "remove " + t);
            } else {
                base += random.nextInt(8);
                expected.headMap(base).clear();
                index.removeBelow(base);
            }
            assertEquals(expected.size(), index.size());
        }
        int i = 0;
        for (Map.Entry<Long, Long> e : expected.entrySet()) {
            assertEquals(e.getKey(), index.keyAt(i));
            assertEquals(e.getValue(), index.valueAt(i++));
        }
    }
}
