package org.streamflex.runtime.region;

import java.util.Arrays;
import org.streamflex.spi.Blanks;

/**
 * The instances of one woven class that a transient region has handed out. As for arrays, an
 * instance handed out in the current epoch is in use and all others are free; the woven
 * constructor copy that initializes a reused instance zeroes its fields first.
 */
final class ObjectPool {
    private final Class<?> type;
    /** Estimated heap size of one instance, for the region's accounting. */
    final long instanceBytes;
    private Object[] instances = new Object[8];
    private int count;
    private int used;
    private long epoch;
    private long createdBytes;

    ObjectPool(Class<?> type) {
        this.type = type;
        this.instanceBytes = ObjectSizes.estimate(type);
    }

    Object take(long currentEpoch) {
        if (epoch != currentEpoch) {
            epoch = currentEpoch;
            used = 0;
        }
        if (used < count) {
            return instances[used++]; // the woven constructor copy zeroes its fields first
        }
        Object instance = Blanks.make(type);
        createdBytes += instanceBytes;
        if (count == instances.length) {
            instances = Arrays.copyOf(instances, count * 2);
        }
        instances[count++] = instance;
        used++;
        return instance;
    }

    long createdBytes() {
        return createdBytes;
    }
}
