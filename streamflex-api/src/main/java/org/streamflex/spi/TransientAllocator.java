package org.streamflex.spi;

/**
 * The transient region of the filter whose {@code work()} runs on the current thread, as woven
 * code sees it through {@link Regions}. Implemented by the runtime. Arrays come back zeroed and
 * of exactly the requested length.
 */
public interface TransientAllocator {
    /** A recycled (cleared) or blank instance of a woven class. */
    Object allocate(Class<?> type);

    /** A nulled array of {@code component} (a class, not a primitive) of exactly {@code length}. */
    Object[] newReferenceArray(int length, Class<?> component);

    boolean[] newBooleanArray(int length);

    byte[] newByteArray(int length);

    char[] newCharArray(int length);

    short[] newShortArray(int length);

    int[] newIntArray(int length);

    long[] newLongArray(int length);

    float[] newFloatArray(int length);

    double[] newDoubleArray(int length);
}
