package org.streamflex.runtime.atomic;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Array;
import org.streamflex.StreamFlexProperties;
import org.streamflex.spi.AtomicTransaction;

/**
 * One Java thread's {@code @Atomic} call in progress: what it read (location and value) and what
 * it wrote (location and new value). Reads come from one consistent snapshot of the filter's state
 * (NOrec's value-based validation over the filter's sequence lock); writes stay here until the
 * filter's thread checks the reads and applies them ({@link FilterAtomicity}). One per thread,
 * reused; it grows on the Java side up to the filter's {@link AtomicLimits}, which bound what the
 * filter's thread does for one call.
 *
 * <p>Publication: the caller writes the whole log, then {@link #awaitSettle()} (a release store of
 * the status) before the mailbox's release store hands it over; the filter's thread reads it after
 * the mailbox's acquire load and answers with {@link #settle} (a release store), which the caller
 * polls with acquire loads.
 */
final class AtomicTxn implements AtomicTransaction {
    private static final ThreadLocal<AtomicTxn> CURRENT = ThreadLocal.withInitial(AtomicTxn::new);
    private static final VarHandle STATUS;

    static {
        try {
            STATUS = MethodHandles.lookup().findVarHandle(AtomicTxn.class, "status", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private static final int PENDING = 1;
    private static final int COMMITTED = 2;
    private static final int REJECTED = 3;

    private FilterAtomicity filter;
    private long snapshot;
    private int status;

    private final Locations reads = new Locations("reads", StreamFlexProperties.ATOMIC_MAX_READS.name());
    private final Locations writes = new Locations("writes", StreamFlexProperties.ATOMIC_MAX_WRITES.name());
    private final BorrowedArrays borrowed = new BorrowedArrays();
    private final long[] blockValue = new long[1];

    private AtomicTxn() {
    }

    static AtomicTxn current() {
        return CURRENT.get();
    }

    /** Starts (or restarts) an attempt against {@code filter}'s current consistent state. */
    void begin(FilterAtomicity filter, Object[] withReceiver) {
        this.filter = filter;
        AtomicLimits limits = filter.limits();
        reads.clear(limits.maxReads());
        writes.clear(limits.maxWrites());
        borrowed.clear(limits.maxCopiedElements());
        borrowed.borrow(withReceiver);
        snapshot = filter.stableEpoch();
    }

    void end() {
        filter = null;
        reads.clear();
        writes.clear();
        borrowed.clear();
    }

    int readCount() {
        return reads.size;
    }

    int writeCount() {
        return writes.size + borrowed.blocks();
    }

    // ------------------------------------------------------------ the Java caller's side

    @Override
    public long read(Object owner, VarHandle field, int index, int letter) {
        char kind = TypedAccess.kindOf(owner, field, letter);
        int w = writes.find(owner, field, index);
        if (w >= 0) {
            return writes.bits[w];
        }
        if (field == null && borrowed.blocks() > 0 && borrowed.readBlock(owner, index, kind, blockValue)) {
            return blockValue[0];
        }
        if (field == null && borrowed.anyBorrowed() && borrowed.isBorrowed(owner)) {
            return TypedAccess.load(owner, null, index, kind);
        }
        for (;;) {
            long v = TypedAccess.load(owner, field, index, kind);
            VarHandle.loadLoadFence();
            if (filter.epochAcquire() == snapshot) {
                reads.add(owner, field, index, kind, v, null);
                return v;
            }
            extendSnapshot();
        }
    }

    @Override
    public Object readReference(Object owner, VarHandle field, int index) {
        int w = writes.find(owner, field, index);
        if (w >= 0) {
            return writes.refs[w];
        }
        for (;;) {
            Object v = TypedAccess.loadReference(owner, field, index);
            VarHandle.loadLoadFence();
            if (filter.epochAcquire() == snapshot) {
                reads.add(owner, field, index, TypedAccess.L, 0, v);
                return v;
            }
            extendSnapshot();
        }
    }

    @Override
    public void write(Object owner, VarHandle field, int index, int letter, long bits) {
        char kind = TypedAccess.kindOf(owner, field, letter);
        writes.add(owner, field, index, kind, TypedAccess.narrow(kind, bits), null);
    }

    @Override
    public void writeReference(Object owner, VarHandle field, Object value) {
        writes.add(owner, field, -1, TypedAccess.L, 0, value);
    }

    @Override
    @SuppressWarnings("ReferenceEquality") // whether src and dest are the same array, as System.arraycopy asks
    public void arraycopy(Object src, int srcPos, Object dest, int destPos, int length) {
        if (src instanceof Object[] || dest instanceof Object[]) {
            System.arraycopy(src, srcPos, dest, destPos, length); // atomic code stores no references (checker)
            return;
        }
        if (src.getClass() != dest.getClass()) {
            throw new ArrayStoreException("arraycopy: " + src.getClass().getSimpleName() + " to "
                    + dest.getClass().getSimpleName());
        }
        int srcLength = Array.getLength(src);
        int destLength = Array.getLength(dest);
        if (length < 0 || srcPos < 0 || destPos < 0 || srcPos > srcLength - length || destPos > destLength - length) {
            throw new ArrayIndexOutOfBoundsException("arraycopy: last source index " + (srcPos + length)
                    + " out of bounds for length " + srcLength + " or last destination index " + (destPos + length)
                    + " for length " + destLength);
        }
        if (src != dest && borrowed.anyBorrowed() && borrowed.isBorrowed(src)) {
            // Writes already logged inside the block take its values, since it comes after them.
            int block = borrowed.addBlock(src, srcPos, dest, destPos, length);
            writes.overwriteWithin(dest, destPos, length, borrowed.blockData(block), borrowed.blockOffset(block));
            return;
        }
        char kind = TypedAccess.kindOfArray(src);
        if (src == dest && srcPos < destPos) {
            for (int i = length - 1; i >= 0; i--) {
                write(dest, null, destPos + i, kind, read(src, null, srcPos + i, kind));
            }
        } else {
            for (int i = 0; i < length; i++) {
                write(dest, null, destPos + i, kind, read(src, null, srcPos + i, kind));
            }
        }
    }

    /**
     * A release changed the state since the snapshot: if everything read so far still has the
     * value read, the snapshot moves forward to now; else the call runs again.
     */
    private void extendSnapshot() {
        for (;;) {
            long e = filter.stableEpoch();
            boolean hold = reads.allHold();
            VarHandle.loadLoadFence();
            if (filter.epochAcquire() != e) {
                continue;
            }
            if (!hold) {
                throw AtomicRetry.INSTANCE;
            }
            snapshot = e;
            return;
        }
    }

    /** On the Java side, after an exception: was the call's view consistent up to now? */
    boolean consistentNow() {
        for (;;) {
            long e = filter.stableEpoch();
            boolean hold = reads.allHold();
            VarHandle.loadLoadFence();
            if (filter.epochAcquire() == e) {
                return hold;
            }
        }
    }

    // ------------------------------------------------------------ the filter's side

    /** Whether every location read still holds the value read. Exact on the filter's thread. */
    boolean readsStillHold() {
        return reads.allHold();
    }

    void applyWrites() {
        // Blocks first: a single write logged after a block is applied after it; one logged
        // before it already holds the block's value (see arraycopy).
        borrowed.applyBlocks();
        writes.storeAll();
    }

    void awaitSettle() {
        STATUS.setRelease(this, PENDING);
    }

    void settle(boolean valid) {
        STATUS.setRelease(this, valid ? COMMITTED : REJECTED);
    }

    boolean isSettled() {
        return (int) STATUS.getAcquire(this) != PENDING;
    }

    boolean settledValid() {
        return (int) STATUS.getAcquire(this) == COMMITTED;
    }
}
