package org.streamflex.spi;

/**
 * The stable region of the filter whose code runs on this thread, as woven code sees it through
 * {@code org.streamflex.abi.Regions}: stable objects stay ordinary heap objects (they live as long as the filter), but
 * what they take is counted against the filter's stable size. Implemented by the runtime.
 */
public interface StableAccount {
    /** A new instance of the stable class {@code type} is about to be made. */
    void allocate(Class<?> type);

    /** A stable array of {@code length} elements of {@code elementBytes} each is about to be made. */
    void allocateArray(int length, int elementBytes);
}
