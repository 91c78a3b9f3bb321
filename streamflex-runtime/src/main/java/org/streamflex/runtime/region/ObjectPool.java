package org.streamflex.runtime.region;

import java.lang.invoke.MethodHandle;
import java.util.Arrays;
import org.streamflex.abi.Blank;

/**
 * The instances of one woven class that a transient region has handed out. As for arrays, an
 * instance handed out in the current epoch is in use and all others are free; the woven
 * constructor copy that initializes a reused instance zeroes its fields first.
 */
final class ObjectPool {
    private final Class<?> type;
    /** The class's woven {@code (Blank)} constructor, as {@code (Blank)Object}. */
    private final MethodHandle blank;
    /** Estimated heap size of one instance, for the region's accounting. */
    final long instanceBytes;
    private Object[] instances = new Object[8];
    private int count;
    private int used;
    private long epoch;
    private long createdBytes;

    ObjectPool(Class<?> type, MethodHandle blank) {
        this.type = type;
        this.blank = blank.asType(java.lang.invoke.MethodType.methodType(Object.class, Blank.class));
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
        Object instance = blankInstance();
        createdBytes += instanceBytes;
        if (count == instances.length) {
            instances = Arrays.copyOf(instances, count * 2);
        }
        instances[count++] = instance;
        used++;
        return instance;
    }

    private Object blankInstance() {
        try {
            return (Object) blank.invokeExact((Blank) null);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("the blank constructor of " + type.getName() + " threw " + e, e);
        }
    }

    long createdBytes() {
        return createdBytes;
    }
}
