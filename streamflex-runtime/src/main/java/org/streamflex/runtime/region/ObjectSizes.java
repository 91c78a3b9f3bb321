package org.streamflex.runtime.region;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;

/** Estimated heap size of an instance, as regions count it: close enough for a budget. */
final class ObjectSizes {
    private ObjectSizes() {
    }

    /** 12-byte header plus each instance field (references as compressed oops), rounded to 8. */
    static long estimate(Class<?> type) {
        long bytes = 12;
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (!Modifier.isStatic(f.getModifiers())) {
                    Class<?> t = f.getType();
                    bytes += t == long.class || t == double.class ? 8 : t == byte.class || t == boolean.class ? 1
                            : t == short.class || t == char.class ? 2 : 4;
                }
            }
        }
        return (bytes + 7) & ~7L;
    }
}
