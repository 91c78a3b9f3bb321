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
    private int[] copyOffsets = new int[4];
    private int[] copyLengths = new int[4];
    private int copies;
    private int copied;
    /**
     * One array per primitive component type ({@link #kindIndex}) that holds the call's blocks back
     * to back, kept from call to call: a caller feeding a filter 8 KB at a time made a new 8 KB
     * array per call before (360 KB a second for 4-channel audio). A block's data stays in the
     * arena it was cut from until {@link #clear()}, which runs only after the filter's thread has
     * applied the blocks (the caller waits for the status), so reuse never races the copy.
     */
    private final Object[] arenas = new Object[8];
    private final int[] arenaUsed = new int[8];

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

    /**
     * Keeps a copy of {@code src[srcPos, srcPos + length)} to be copied to {@code dest} at
     * {@code destPos}.
     *
     * @return the block's index, for {@link #blockData} and {@link #blockOffset}
     */
    int addBlock(Object src, int srcPos, Object dest, int destPos, int length) {
        if (copied + length > maxCopied) {
            throw new IllegalStateException("an @Atomic call copied more than " + maxCopied + " array elements;"
                    + " the filter's thread applies at most that many per call. Split the call, or raise"
                    + " -D" + StreamFlexProperties.ATOMIC_MAX_COPIED_ELEMENTS.name());
        }
        Class<?> component = src.getClass().getComponentType();
        int kind = kindIndex(component);
        Object data;
        int offset;
        if (kind < 0) {
            // Reference arrays: the checker forbids atomic code to store into them, so this is
            // not a path worth pooling; a fresh copy keeps it correct.
            data = Array.newInstance(component, length);
            offset = 0;
        } else {
            data = arenaFor(kind, component, length);
            offset = arenaUsed[kind];
            arenaUsed[kind] = offset + length;
        }
        System.arraycopy(src, srcPos, data, offset, length);
        if (copies == copyTargets.length) {
            int n = copies * 2;
            copyTargets = Arrays.copyOf(copyTargets, n);
            copyPositions = Arrays.copyOf(copyPositions, n);
            copyData = Arrays.copyOf(copyData, n);
            copyOffsets = Arrays.copyOf(copyOffsets, n);
            copyLengths = Arrays.copyOf(copyLengths, n);
        }
        copyTargets[copies] = dest;
        copyPositions[copies] = destPos;
        copyData[copies] = data;
        copyOffsets[copies] = offset;
        copyLengths[copies] = length;
        copied += length;
        return copies++;
    }

    /** The array holding block {@code block}'s elements, from {@link #blockOffset}. */
    Object blockData(int block) {
        return copyData[block];
    }

    int blockOffset(int block) {
        return copyOffsets[block];
    }

    /**
     * The arena of {@code kind} with room for {@code length} more elements. When it is too small a
     * larger one replaces it; blocks already cut keep the old array, so nothing is copied, and
     * the next call starts in the larger one: the arena grows to the largest call seen, as the
     * logs do.
     */
    private Object arenaFor(int kind, Class<?> component, int length) {
        Object arena = arenas[kind];
        int used = arenaUsed[kind];
        if (arena == null || Array.getLength(arena) - used < length) {
            int old = arena == null ? 0 : Array.getLength(arena);
            int size = (int) Math.min(Integer.MAX_VALUE - 8, Math.max((long) old * 2, (long) used + length));
            arena = Array.newInstance(component, Math.max(size, 64));
            arenas[kind] = arena;
            // the blocks already cut stay in the old array; the new one starts empty
            arenaUsed[kind] = 0;
        }
        return arena;
    }

    private static int kindIndex(Class<?> component) {
        if (component == byte.class) {
            return 0;
        } else if (component == short.class) {
            return 1;
        } else if (component == char.class) {
            return 2;
        } else if (component == int.class) {
            return 3;
        } else if (component == long.class) {
            return 4;
        } else if (component == float.class) {
            return 5;
        } else if (component == double.class) {
            return 6;
        } else if (component == boolean.class) {
            return 7;
        }
        return -1;
    }

    /**
     * The latest block holding element {@code index} of {@code array}, read as {@code kind}, if
     * any: the call reads its own copies.
     *
     * @return whether found; the value is left in {@code out[0]}
     */
    boolean readBlock(Object array, int index, char kind, long[] out) {
        for (int c = copies - 1; c >= 0; c--) {
            if (copyTargets[c] == array && index >= copyPositions[c] && index < copyPositions[c] + copyLengths[c]) {
                out[0] = TypedAccess.load(copyData[c], null, copyOffsets[c] + index - copyPositions[c], kind);
                return true;
            }
        }
        return false;
    }

    /** Applies the blocks, in order. On the filter's thread. */
    void applyBlocks() {
        for (int c = 0; c < copies; c++) {
            System.arraycopy(copyData[c], copyOffsets[c], copyTargets[c], copyPositions[c], copyLengths[c]);
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
        Arrays.fill(arenaUsed, 0);
        Arrays.fill(borrowed, 0, borrowedCount, null);
        borrowedCount = 0;
    }
}
