package org.streamflex.bench.atomic;

/** The same call as {@link Accumulator#add(int)} on a plain object, made safe with {@code synchronized}. */
public final class SynchronizedAccumulator {
    private final int[] history = new int[64];
    private int next;
    private long total;

    public synchronized long add(int value) {
        history[next & 63] = value;
        next++;
        total += value;
        return total;
    }
}
