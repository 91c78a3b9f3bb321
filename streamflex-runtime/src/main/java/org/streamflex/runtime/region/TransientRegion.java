package org.streamflex.runtime.region;

import org.streamflex.RegionFullError;
import org.streamflex.spi.TransientAllocator;

/**
 * The transient region of one filter: the primitive arrays its woven code allocates while
 * {@code work()} runs. Arrays are recycled; {@link #reset()} when {@code work()} returns frees them
 * all in constant time (one epoch increment). What one {@code work()} allocates counts against the
 * region's size; an allocation that does not fit throws {@link RegionFullError}.
 *
 * <p>After warm-up (once every length has been seen as often as it is live at once), a
 * {@code work()} allocates nothing on the Java heap for its arrays.
 */
public final class TransientRegion implements TransientAllocator {
    private final String filterName;
    private final long capacityBytes;
    private final ArrayPool[] pools = new ArrayPool[ArrayKind.values().length];
    private long epoch = 1;
    private long usedBytes;
    private long peakBytes;

    public TransientRegion(String filterName, long capacityBytes) {
        this.filterName = filterName;
        this.capacityBytes = capacityBytes;
        for (ArrayKind kind : ArrayKind.values()) {
            pools[kind.ordinal()] = new ArrayPool(kind);
        }
    }

    /** Frees everything allocated since the last reset. Constant time. */
    public void reset() {
        epoch++;
        usedBytes = 0;
    }

    /** The most bytes one work() has allocated from this region. */
    public long peakBytes() {
        return peakBytes;
    }

    /** Heap bytes of the arrays the region created, during warm-up. */
    public long createdBytes() {
        long total = 0;
        for (ArrayPool pool : pools) {
            total += pool.createdBytes();
        }
        return total;
    }

    public long capacityBytes() {
        return capacityBytes;
    }

    private Object take(ArrayKind kind, int length) {
        if (length < 0) {
            throw new NegativeArraySizeException(String.valueOf(length));
        }
        long bytes = kind.bytes(length);
        long used = usedBytes + bytes;
        if (used > capacityBytes) {
            throw full(kind, length, bytes);
        }
        usedBytes = used;
        if (used > peakBytes) {
            peakBytes = used;
        }
        return pools[kind.ordinal()].take(length, epoch);
    }

    private RegionFullError full(ArrayKind kind, int length, long bytes) {
        return new RegionFullError("the transient region of filter " + filterName + " (" + capacityBytes
                + " bytes) has no room for new " + kind.javaName() + "[" + length + "] (" + bytes + " bytes): this"
                + " work() already allocated " + usedBytes + " bytes. Give the filter a larger transient region"
                + " with makeFilter(type, stableBytes, transientBytes), or allocate less per release");
    }

    @Override
    public boolean[] newBooleanArray(int length) {
        return (boolean[]) take(ArrayKind.BOOLEAN, length);
    }

    @Override
    public byte[] newByteArray(int length) {
        return (byte[]) take(ArrayKind.BYTE, length);
    }

    @Override
    public char[] newCharArray(int length) {
        return (char[]) take(ArrayKind.CHAR, length);
    }

    @Override
    public short[] newShortArray(int length) {
        return (short[]) take(ArrayKind.SHORT, length);
    }

    @Override
    public int[] newIntArray(int length) {
        return (int[]) take(ArrayKind.INT, length);
    }

    @Override
    public long[] newLongArray(int length) {
        return (long[]) take(ArrayKind.LONG, length);
    }

    @Override
    public float[] newFloatArray(int length) {
        return (float[]) take(ArrayKind.FLOAT, length);
    }

    @Override
    public double[] newDoubleArray(int length) {
        return (double[]) take(ArrayKind.DOUBLE, length);
    }
}
