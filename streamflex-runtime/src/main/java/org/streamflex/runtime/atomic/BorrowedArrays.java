package org.streamflex.runtime.atomic;

import java.lang.reflect.Array;
import java.util.Arrays;
import org.streamflex.StreamFlexProperties;

/**
 * What one {@code @Atomic} call does with the arrays it was passed (its {@code @Borrow}ed
 * arguments): they belong to the caller, not to the filter (the checker forbids keeping them), so
 * no release can change them and their reads are neither logged nor validated. A
 * {@code System.arraycopy} from one of them into another array is kept as one block, with its own
 * copy of the source range: applying it is one copy on the filter's thread, not one write per
 * element. Blocks are bounded by {@code streamflex.atomic.maxCopiedElements} ({@link AtomicLimits}).
 */
@SuppressWarnings("ReferenceEquality") // an array is borrowed, or a block's target, by identity, not by contents
final class BorrowedArrays {
    /** Set per call by {@link #clear(int)}. */
    private int maxCopied;
    private Object[] borrowed = new Object[4];
    private int borrowedCount;
    private Object[] copyTargets = new Object[4];
    private int[] copyPositions = new int[4];
    private Object[] copyData = new Object[4];
    private int copies;
    private int copied;

    /** Records the call's array arguments (from index 1 of {@code withReceiver}). */
    void borrow(Object[] withReceiver) {
        for (int i = 1; i < withReceiver.length; i++) {
            Object a = withReceiver[i];
            if (a != null && a.getClass().isArray()) {
                if (borrowedCount == borrowed.length) {
                    borrowed = Arrays.copyOf(borrowed, borrowedCount * 2);
                }
                borrowed[borrowedCount++] = a;
            }
        }
    }

    boolean isBorrowed(Object array) {
        for (int i = 0; i < borrowedCount; i++) {
            if (borrowed[i] == array) {
                return true;
            }
        }
        return false;
    }

    boolean anyBorrowed() {
        return borrowedCount > 0;
    }

    int blocks() {
        return copies;
    }

    /** Keeps a copy of {@code src[srcPos, srcPos + length)} to be copied to {@code dest} at {@code destPos}. */
    Object addBlock(Object src, int srcPos, Object dest, int destPos, int length) {
        if (copied + length > maxCopied) {
            throw new IllegalStateException("an @Atomic call copied more than " + maxCopied + " array elements;"
                    + " the filter's thread applies at most that many per call. Split the call, or raise"
                    + " -D" + StreamFlexProperties.ATOMIC_MAX_COPIED_ELEMENTS.name());
        }
        Object block = Array.newInstance(src.getClass().getComponentType(), length);
        System.arraycopy(src, srcPos, block, 0, length);
        if (copies == copyTargets.length) {
            copyTargets = Arrays.copyOf(copyTargets, copies * 2);
            copyPositions = Arrays.copyOf(copyPositions, copies * 2);
            copyData = Arrays.copyOf(copyData, copies * 2);
        }
        copyTargets[copies] = dest;
        copyPositions[copies] = destPos;
        copyData[copies] = block;
        copies++;
        copied += length;
        return block;
    }

    /**
     * The latest block holding element {@code index} of {@code array}, read as {@code kind}, if
     * any: the call reads its own copies.
     *
     * @return whether found; the value is left in {@code out[0]}
     */
    boolean readBlock(Object array, int index, char kind, long[] out) {
        for (int c = copies - 1; c >= 0; c--) {
            if (copyTargets[c] == array && index >= copyPositions[c]
                    && index < copyPositions[c] + Array.getLength(copyData[c])) {
                out[0] = TypedAccess.load(copyData[c], null, index - copyPositions[c], kind);
                return true;
            }
        }
        return false;
    }

    /** Applies the blocks, in order. On the filter's thread. */
    void applyBlocks() {
        for (int c = 0; c < copies; c++) {
            Object block = copyData[c];
            System.arraycopy(block, 0, copyTargets[c], copyPositions[c], Array.getLength(block));
        }
    }

    /** Empties the blocks for a call that may copy up to {@code maxCopied} elements. */
    void clear(int maxCopied) {
        this.maxCopied = maxCopied;
        clear();
    }

    void clear() {
        Arrays.fill(copyTargets, 0, copies, null);
        Arrays.fill(copyData, 0, copies, null);
        copies = 0;
        copied = 0;
        Arrays.fill(borrowed, 0, borrowedCount, null);
        borrowedCount = 0;
    }
}
