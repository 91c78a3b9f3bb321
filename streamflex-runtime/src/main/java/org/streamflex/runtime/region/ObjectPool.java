package org.streamflex.runtime.region;

import java.util.Arrays;
import org.streamflex.spi.Blanks;
import org.streamflex.spi.Recyclable;

/**
 * The instances of one woven class that a transient region has handed out. As for arrays, an
 * instance handed out in the current epoch is in use and all others are free; a reused instance
 * is cleared before the woven constructor copy initializes it.
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
        this.instanceBytes = estimateBytes(type);
    }

    Object take(long currentEpoch) {
        if (epoch != currentEpoch) {
            epoch = currentEpoch;
            used = 0;
        }
        if (used < count) {
            Object instance = instances[used++];
            ((Recyclable) instance).$sf$clear();
            return instance;
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

    /** 12-byte header, 4 or 8 bytes a field, rounded to 8: close enough for a budget. */
    private static long estimateBytes(Class<?> type) {
        long bytes = 12;
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            for (java.lang.reflect.Field f : c.getDeclaredFields()) {
                if (!java.lang.reflect.Modifier.isStatic(f.getModifiers())) {
                    Class<?> t = f.getType();
                    bytes += t == long.class || t == double.class ? 8 : t == byte.class || t == boolean.class ? 1
                            : t == short.class || t == char.class ? 2 : 4;
                }
            }
        }
        return (bytes + 7) & ~7L;
    }
}
