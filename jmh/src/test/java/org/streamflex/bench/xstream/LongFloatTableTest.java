package org.streamflex.bench.xstream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The hash join's table against a HashMap, through puts and removes in any order. */
class LongFloatTableTest {
    @Test
    void itHoldsWhatAHashMapHoldsThroughRandomPutsAndRemoves() {
        LongFloatTable table = new LongFloatTable(10);
        Map<Long, Float> reference = new HashMap<>();
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 200_000; i++) {
            long key = random.nextLong(1000) + (random.nextBoolean() ? 0 : 1L << 40);
            if (reference.size() < 500 && random.nextBoolean()) {
                float value = (float) random.nextDouble();
                table.put(key, value);
                reference.put(key, value);
            } else {
                Float expected = reference.remove(key);
                float found = table.remove(key);
                assertEquals(expected == null ? Float.NaN : expected, found, "key " + key + " at step " + i);
            }
            assertEquals(reference.size(), table.size());
        }
        for (Map.Entry<Long, Float> e : reference.entrySet()) {
            assertTrue(table.contains(e.getKey()));
        }
    }

    @Test
    void aTableHalfFullRefusesMoreAndSaysHowToGrow() {
        LongFloatTable table = new LongFloatTable(4);
        for (long k = 0; k < 8; k++) {
            table.put(k, 0.5f);
        }
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> table.put(99, 1f));
        assertTrue(e.getMessage().contains("give it more bits"), e.getMessage());
        assertFalse(table.discard(99));
        assertEquals(8, table.peak());
    }
}
