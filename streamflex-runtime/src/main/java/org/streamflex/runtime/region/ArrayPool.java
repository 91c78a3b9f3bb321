package org.streamflex.runtime.region;

import java.util.Arrays;

/**
 * The arrays of one primitive type that a transient region has handed out, by length. An array
 * handed out in the current release epoch is in use; all others are free again, so resetting the
 * region is one increment of its epoch, whatever it allocated.
 */
final class ArrayPool {
    private final ArrayKind kind;
    /** The component class, for reference arrays; null for primitive ones. */
    private final Class<?> component;
    /** Open addressing by length + 1 (0 marks an empty slot). */
    private int[] keys = new int[16];
    private Bucket[] buckets = new Bucket[16];
    private int size;
    private long createdBytes;
    /** Most sites allocate one length over and over: skip the lookup for it. */
    private int lastLength = -1;
    private Bucket lastBucket;

    ArrayPool(ArrayKind kind, Class<?> component) {
        this.kind = kind;
        this.component = component;
    }

    ArrayKind kind() {
        return kind;
    }

    /** A zeroed array of {@code length} that no one else uses in {@code epoch}. */
    Object take(int length, long epoch) {
        Bucket bucket;
        if (length == lastLength) {
            bucket = lastBucket;
        } else {
            bucket = bucket(length);
            lastLength = length;
            lastBucket = bucket;
        }
        if (bucket.epoch != epoch) {
            bucket.epoch = epoch;
            bucket.used = 0;
        }
        if (bucket.used < bucket.count) {
            Object array = bucket.arrays[bucket.used++];
            kind.zero(array);
            return array;
        }
        // Warm-up: the first time this many arrays of this length are live in one work().
        Object array = kind.newArray(length, component);
        createdBytes += kind.bytes(length);
        if (bucket.count == bucket.arrays.length) {
            bucket.arrays = Arrays.copyOf(bucket.arrays, Math.max(4, bucket.count * 2));
        }
        bucket.arrays[bucket.count++] = array;
        bucket.used++;
        return array;
    }

    /** Heap bytes of the arrays this pool created (its warm-up cost). */
    long createdBytes() {
        return createdBytes;
    }

    private Bucket bucket(int length) {
        int key = length + 1;
        int mask = keys.length - 1;
        for (int i = mix(key) & mask; ; i = (i + 1) & mask) {
            if (keys[i] == key) {
                return buckets[i];
            }
            if (keys[i] == 0) {
                return add(key, i);
            }
        }
    }

    private Bucket add(int key, int slot) {
        if (2 * (size + 1) > keys.length) {
            grow();
            return bucket(key - 1);
        }
        Bucket bucket = new Bucket();
        keys[slot] = key;
        buckets[slot] = bucket;
        size++;
        return bucket;
    }

    private void grow() {
        int[] oldKeys = keys;
        Bucket[] oldBuckets = buckets;
        keys = new int[oldKeys.length * 2];
        buckets = new Bucket[oldKeys.length * 2];
        int mask = keys.length - 1;
        for (int j = 0; j < oldKeys.length; j++) {
            if (oldKeys[j] != 0) {
                int i = mix(oldKeys[j]) & mask;
                while (keys[i] != 0) {
                    i = (i + 1) & mask;
                }
                keys[i] = oldKeys[j];
                buckets[i] = oldBuckets[j];
            }
        }
    }

    private static int mix(int key) {
        return ((key * 0x9E3779B1) >>> 16) ^ key;
    }

    private static final class Bucket {
        Object[] arrays = new Object[4];
        int count;
        int used;
        long epoch;
    }
}
