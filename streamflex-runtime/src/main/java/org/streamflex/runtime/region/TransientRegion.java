package org.streamflex.runtime.region;

import java.lang.invoke.MethodHandle;
import org.streamflex.RegionFullError;
import org.streamflex.runtime.counter.SingleWriterCounter;
import org.streamflex.runtime.flight.Flight;
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
    /** By newarray element code. */
    private final ArrayPool[] pools = new ArrayPool[org.streamflex.abi.Regions.T_LONG + 1];
    private final java.util.IdentityHashMap<Class<?>, ArrayPool> referenceArrays = new java.util.IdentityHashMap<>();
    private final java.util.IdentityHashMap<Class<?>, ObjectPool> objects = new java.util.IdentityHashMap<>();
    /** Most allocation sites in a work() repeat one class: skip the lookup for it. */
    private Class<?> lastType;
    private ObjectPool lastPool;
    private long epoch = 1;
    private long usedBytes;
    /**
     * Written by the filter's thread at each reset, read by anyone. Kept at reset rather than at each
     * allocation: used bytes only grow within a work(), so their value at reset is its peak.
     */
    private final SingleWriterCounter peakBytes = new SingleWriterCounter();

    public TransientRegion(String filterName, long capacityBytes) {
        this.filterName = filterName;
        this.capacityBytes = capacityBytes;
        for (ArrayKind kind : ArrayKind.values()) {
            if (kind != ArrayKind.REFERENCE) {
                pools[kind.code] = new ArrayPool(kind, null);
            }
        }
    }

    /** Frees everything allocated since the last reset. Constant time. */
    public void reset() {
        if (usedBytes == 0) {
            return; // nothing was handed out in this epoch: every allocation counts its bytes
        }
        epoch++;
        if (usedBytes > peakBytes.plain()) {
            peakBytes.set(usedBytes);
        }
        usedBytes = 0;
    }

    /** The most bytes one finished work() allocated from this region. */
    public long peakBytes() {
        return peakBytes.get();
    }

    /** Heap bytes of the arrays the region created, during warm-up. */
    public long createdBytes() {
        long total = 0;
        for (ArrayPool pool : pools) {
            total += pool == null ? 0 : pool.createdBytes();
        }
        for (ArrayPool pool : referenceArrays.values()) {
            total += pool.createdBytes();
        }
        for (ObjectPool pool : objects.values()) {
            total += pool.createdBytes();
        }
        return total;
    }

    public long capacityBytes() {
        return capacityBytes;
    }

    private Object take(ArrayKind kind, int length, ArrayPool pool) {
        if (length < 0) {
            throw new NegativeArraySizeException(String.valueOf(length));
        }
        long bytes = kind.bytes(length);
        long used = usedBytes + bytes;
        if (used > capacityBytes) {
            throw full(kind, length, bytes);
        }
        usedBytes = used;
        return pool.take(length, epoch);
    }

    private RegionFullError full(ArrayKind kind, int length, long bytes) {
        Flight.regionFull(filterName, "transient", capacityBytes, usedBytes, bytes,
                "new " + kind.javaName() + "[" + length + "]");
        return new RegionFullError("the transient region of filter " + filterName + " (" + capacityBytes
                + " bytes) has no room for new " + kind.javaName() + "[" + length + "] (" + bytes + " bytes): this"
                + " work() already allocated " + usedBytes + " bytes. Give the filter a larger transient region"
                + " with makeFilter(type, stableBytes, transientBytes), or allocate less per release");
    }

    @Override
    public Object allocate(Class<?> type, MethodHandle blank) {
        ObjectPool pool = lastPool;
        if (type != lastType) {
            pool = objects.get(type);
            if (pool == null) {
                pool = new ObjectPool(type, blank);
                objects.put(type, pool);
            }
            lastType = type;
            lastPool = pool;
        }
        long used = usedBytes + pool.instanceBytes;
        if (used > capacityBytes) {
            Flight.regionFull(filterName, "transient", capacityBytes, usedBytes, pool.instanceBytes,
                    "new " + type.getSimpleName() + "(...)");
            throw new RegionFullError("the transient region of filter " + filterName + " (" + capacityBytes
                    + " bytes) has no room for new " + type.getSimpleName() + "(...) (" + pool.instanceBytes
                    + " bytes): this work() already allocated " + usedBytes + " bytes. Give the filter a larger"
                    + " transient region with makeFilter(type, stableBytes, transientBytes), or allocate less per"
                    + " release");
        }
        usedBytes = used;
        return pool.take(epoch);
    }

    @Override
    public Object[] newReferenceArray(int length, Class<?> component) {
        ArrayPool pool = referenceArrays.get(component);
        if (pool == null) {
            pool = new ArrayPool(ArrayKind.REFERENCE, component);
            referenceArrays.put(component, pool);
        }
        return (Object[]) take(ArrayKind.REFERENCE, length, pool);
    }

    @Override
    public Object newArray(int length, int kind) {
        ArrayPool pool = kind >= 0 && kind < pools.length ? pools[kind] : null;
        if (pool == null) {
            throw new IllegalArgumentException("not a newarray element code: " + kind);
        }
        return take(pool.kind(), length, pool);
    }
}
