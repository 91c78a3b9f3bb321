package org.streamflex.runtime.spacetime;

import java.util.Arrays;

/**
 * Timestamps in ascending order, each with an optional value: a ring of {@code long} keys and a
 * parallel ring of values, found by binary search. It replaces {@code TreeMap<Long, V>} and
 * {@code TreeSet<Long>} in channels and input connections, which boxed each timestamp and made an
 * entry per put: here a put in timestamp order is an append and the collector's removal of the
 * oldest is a step of the ring's head, so that neither allocates once the ring has grown to the
 * channel's peak. A put out of order shifts the keys above it by one (toward the nearer end would
 * halve that; puts mostly arrive in order, so the simple shift is kept).
 *
 * <p>Positions ({@link #keyAt}, {@link #valueAt}) run from 0, the oldest, to {@link #size()} - 1,
 * the newest, and shift when keys are added or removed below them. Not thread-safe: every caller
 * holds the space's lock.
 *
 * <pre>{@code
 * TimestampIndex<StoredItem> items = new TimestampIndex<>();
 * items.put(7, item);                       // an append
 * int at = items.ceiling(5);                // 0: the position of 7
 * items.removeBelow(8);                     // the collector: 7 goes
 * }</pre>
 *
 * @param <V> the values (null for a set of timestamps)
 */
final class TimestampIndex<V> {
    private static final int INITIAL = 16;

    private long[] keys = new long[INITIAL];
    private Object[] values = new Object[INITIAL];
    /** Slot of position 0. */
    private int head;
    private int size;

    /** How many timestamps there are. */
    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** The timestamp at {@code position} (0 the oldest). */
    long keyAt(int position) {
        return keys[slot(position)];
    }

    /** The value at {@code position}. */
    @SuppressWarnings("unchecked")
    V valueAt(int position) {
        return (V) values[slot(position)];
    }

    /** The oldest timestamp; only when not empty. */
    long firstKey() {
        return keys[head];
    }

    /** The newest timestamp; only when not empty. */
    long lastKey() {
        return keys[slot(size - 1)];
    }

    /** The value at {@code timestamp}, or null if there is none (or it is null). */
    V get(long timestamp) {
        int at = indexOf(timestamp);
        return at < 0 ? null : valueAt(at);
    }

    boolean contains(long timestamp) {
        return indexOf(timestamp) >= 0;
    }

    /** The position of {@code timestamp}, or -1. */
    int indexOf(long timestamp) {
        int at = ceiling(timestamp);
        return at < size && keyAt(at) == timestamp ? at : -1;
    }

    /** The position of the least timestamp at or above {@code timestamp}; {@link #size()} if none. */
    int ceiling(long timestamp) {
        if (size == 0 || keys[slot(size - 1)] < timestamp) {
            return size; // the common case of an append, or a lookup past the newest: no search
        }
        int low = 0;
        int high = size - 1;
        while (low < high) {
            int mid = (low + high) >>> 1;
            if (keys[slot(mid)] < timestamp) {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        return low;
    }

    /** The position of the least timestamp above {@code timestamp}; {@link #size()} if none. */
    int higher(long timestamp) {
        return timestamp == Long.MAX_VALUE ? size : ceiling(timestamp + 1);
    }

    /**
     * Adds {@code timestamp} with {@code value}; false, and nothing changed, if it is there already.
     */
    boolean put(long timestamp, V value) {
        int at = ceiling(timestamp);
        if (at < size && keyAt(at) == timestamp) {
            return false;
        }
        if (size == keys.length) {
            grow();
        }
        for (int i = size; i > at; i--) { // out of order: the newer keys move up one
            int to = slot(i);
            int from = slot(i - 1);
            keys[to] = keys[from];
            values[to] = values[from];
        }
        int s = slot(at);
        keys[s] = timestamp;
        values[s] = value;
        size++;
        return true;
    }

    /** Removes {@code timestamp}; false if it was not there. */
    boolean remove(long timestamp) {
        int at = indexOf(timestamp);
        if (at < 0) {
            return false;
        }
        removeAt(at);
        return true;
    }

    /** Removes the timestamp at {@code position}: the older ones move up one if fewer, else the newer down. */
    void removeAt(int position) {
        if (position < size - 1 - position) {
            for (int i = position; i > 0; i--) {
                int to = slot(i);
                int from = slot(i - 1);
                keys[to] = keys[from];
                values[to] = values[from];
            }
            values[head] = null;
            head = (head + 1) & (keys.length - 1);
        } else {
            for (int i = position; i < size - 1; i++) {
                int to = slot(i);
                int from = slot(i + 1);
                keys[to] = keys[from];
                values[to] = values[from];
            }
            values[slot(size - 1)] = null;
        }
        size--;
    }

    /** Removes the oldest timestamp and returns its value; only when not empty. */
    @SuppressWarnings("unchecked")
    V removeFirst() {
        V value = (V) values[head];
        values[head] = null;
        head = (head + 1) & (keys.length - 1);
        size--;
        return value;
    }

    /** Removes every timestamp below {@code timestamp}. */
    void removeBelow(long timestamp) {
        while (size > 0 && keys[head] < timestamp) {
            var _ = removeFirst();
        }
    }

    void clear() {
        Arrays.fill(values, null);
        head = 0;
        size = 0;
    }

    private int slot(int position) {
        return (head + position) & (keys.length - 1);
    }

    /** Doubles the ring, the oldest at slot 0 again. */
    private void grow() {
        int n = keys.length;
        long[] k = new long[n * 2];
        Object[] v = new Object[n * 2];
        int first = n - head; // the part from head to the ring's end, then the wrapped part
        System.arraycopy(keys, head, k, 0, first);
        System.arraycopy(keys, 0, k, first, head);
        System.arraycopy(values, head, v, 0, first);
        System.arraycopy(values, 0, v, first, head);
        keys = k;
        values = v;
        head = 0;
    }
}
