package org.streamflex.spi;

import java.lang.invoke.MethodHandle;

/**
 * The transient region of the filter whose {@code work()} runs on the current thread, as woven
 * code reaches it through {@code org.streamflex.abi.Regions}. Implemented by the runtime. What it
 * hands out is free again when {@code work()} returns; arrays come back zeroed and of exactly the
 * requested length.
 *
 * <pre>{@code
 * int[] window = (int[]) region.newArray(256, Regions.T_INT);
 * }</pre>
 */
public interface TransientAllocator {
    /**
     * A recycled instance of a woven class, its fields as the last user left them (the woven
     * constructor copy that initializes it zeroes them first), or a new one made with
     * {@code blank}, the class's {@code (Blank)} constructor, of type {@code (Blank)Object}.
     */
    Object allocate(Class<?> type, MethodHandle blank);

    /**
     * A zeroed primitive array.
     *
     * @param kind the element type as the JVM's {@code newarray} codes it (4 boolean, 5 char,
     *     6 float, 7 double, 8 byte, 9 short, 10 int, 11 long)
     */
    Object newArray(int length, int kind);

    /** A nulled array of {@code component} (a class, not a primitive) of exactly {@code length}. */
    Object[] newReferenceArray(int length, Class<?> component);
}
