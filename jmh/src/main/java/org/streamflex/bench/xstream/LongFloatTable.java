package org.streamflex.bench.xstream;

import java.util.Arrays;
import org.streamflex.Stable;

/**
 * An open-addressing hash table from 64-bit timestamps to float samples, with linear probing and
 * deletion by backward shift: the table a hash join keeps per input, in arrays a filter allocates
 * once, so that a join inside a StreamFlex filter allocates nothing per sample. Also a set of
 * timestamps (the values then unused).
 *
 * <pre>{@code
 * LongFloatTable samples = new LongFloatTable(17);   // 2^17 slots
 * samples.put(48_000L, 0.25f);
 * if (samples.contains(48_000L)) { float v = samples.remove(48_000L); }
 * }</pre>
 *
 * <p>It holds at most half its slots (beyond that a put throws: a join that needs more was given
 * too small a table). Timestamps are mixed by a multiplicative (Fibonacci) hash, since those of a
 * signal are consecutive.
 */
public final class LongFloatTable implements Stable {
    private static final long EMPTY = Long.MIN_VALUE;
    private final long[] keys;
    private final float[] values;
    private final int shift;
    private final int mask;
    private int size;
    private int peak;

    /**
     * A table of {@code 2^bits} slots.
     *
     * @throws IllegalArgumentException unless {@code 4 <= bits <= 30}
     */
    public LongFloatTable(int bits) {
        if (bits < 4 || bits > 30) {
            throw new IllegalArgumentException("a table of 2^" + bits + " slots");
        }
        keys = new long[1 << bits];
        values = new float[1 << bits];
        Arrays.fill(keys, EMPTY);
        shift = 64 - bits;
        mask = (1 << bits) - 1;
    }

    private int slot(long key) {
        return (int) ((key * 0x9E3779B97F4A7C15L) >>> shift);
    }

    /**
     * Maps {@code key} to {@code value}, replacing what it mapped to.
     *
     * @throws IllegalStateException if the table already holds half its slots
     */
    public void put(long key, float value) {
        int i = slot(key);
        while (keys[i] != EMPTY) {
            if (keys[i] == key) {
                values[i] = value;
                return;
            }
            i = (i + 1) & mask;
        }
        if (2 * (size + 1) > keys.length) {
            throw new IllegalStateException("hash table of " + keys.length + " slots is half full (" + size
                    + " timestamps): give it more bits");
        }
        keys[i] = key;
        values[i] = value;
        size++;
        peak = Math.max(peak, size);
    }

    /** Whether {@code key} is in the table. */
    public boolean contains(long key) {
        return find(key) >= 0;
    }

    /** Removes {@code key}; returns its value, or NaN if it was not there. */
    public float remove(long key) {
        int i = find(key);
        if (i < 0) {
            return Float.NaN;
        }
        float value = values[i];
        delete(i);
        return value;
    }

    /** Removes {@code key} if it is there; returns whether it was. */
    public boolean discard(long key) {
        int i = find(key);
        if (i < 0) {
            return false;
        }
        delete(i);
        return true;
    }

    /** Timestamps held now. */
    public int size() {
        return size;
    }

    /** The most timestamps held at once. */
    public int peak() {
        return peak;
    }

    /** Slots: the table's capacity in timestamps is half of it. */
    public int slots() {
        return keys.length;
    }

    private int find(long key) {
        int i = slot(key);
        while (keys[i] != EMPTY) {
            if (keys[i] == key) {
                return i;
            }
            i = (i + 1) & mask;
        }
        return -1;
    }

    /** Empties slot {@code i}, moving back the entries after it that probed past it. */
    private void delete(int i) {
        int hole = i;
        int j = i;
        while (true) {
            j = (j + 1) & mask;
            if (keys[j] == EMPTY) {
                break;
            }
            int home = slot(keys[j]);
            // The entry at j may fill the hole if its home is not cyclically in (hole, j].
            boolean stays = hole <= j ? home > hole && home <= j : home > hole || home <= j;
            if (!stays) {
                keys[hole] = keys[j];
                values[hole] = values[j];
                hole = j;
            }
        }
        keys[hole] = EMPTY;
        size--;
    }
}
