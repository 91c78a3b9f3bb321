package org.streamflex.runtime.region;

import java.util.Arrays;
import java.util.Locale;
import org.streamflex.abi.Regions;

/** The eight primitive array types and reference arrays: how to make, clear and size each. */
enum ArrayKind {
    BOOLEAN(1, Regions.T_BOOLEAN), BYTE(1, Regions.T_BYTE), CHAR(2, Regions.T_CHAR), SHORT(2, Regions.T_SHORT),
    INT(4, Regions.T_INT), LONG(8, Regions.T_LONG), FLOAT(4, Regions.T_FLOAT), DOUBLE(8, Regions.T_DOUBLE),
    /** Arrays of references (compressed oops: 4 bytes an element); made per component class. */
    REFERENCE(4, -1);

    /** Object header plus length field of an array on a 64-bit HotSpot with compressed class pointers. */
    private static final long HEADER_BYTES = 16;
    private final int elementBytes;
    /** The JVM's newarray code of the element type; -1 for references. */
    final int code;

    ArrayKind(int elementBytes, int code) {
        this.elementBytes = elementBytes;
        this.code = code;
    }

    /** Bytes an array of this length occupies, rounded up to 8 as HotSpot lays it out. */
    long bytes(int length) {
        return (HEADER_BYTES + (long) length * elementBytes + 7) & ~7L;
    }

    Object newArray(int length, Class<?> component) {
        return switch (this) {
            case REFERENCE -> java.lang.reflect.Array.newInstance(component, length);
            case BOOLEAN -> new boolean[length];
            case BYTE -> new byte[length];
            case CHAR -> new char[length];
            case SHORT -> new short[length];
            case INT -> new int[length];
            case LONG -> new long[length];
            case FLOAT -> new float[length];
            case DOUBLE -> new double[length];
        };
    }

    void zero(Object array) {
        switch (this) {
            case BOOLEAN -> Arrays.fill((boolean[]) array, false);
            case BYTE -> Arrays.fill((byte[]) array, (byte) 0);
            case CHAR -> Arrays.fill((char[]) array, (char) 0);
            case SHORT -> Arrays.fill((short[]) array, (short) 0);
            case INT -> Arrays.fill((int[]) array, 0);
            case LONG -> Arrays.fill((long[]) array, 0L);
            case FLOAT -> Arrays.fill((float[]) array, 0f);
            case DOUBLE -> Arrays.fill((double[]) array, 0d);
            case REFERENCE -> Arrays.fill((Object[]) array, null);
        }
    }

    String javaName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
