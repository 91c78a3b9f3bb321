package org.streamflex.spi;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;

/**
 * One Java thread's {@code @Atomic} call in progress: what it read (location and value) and what
 * it wrote (location and new value). Reads come from one consistent snapshot of the filter's state
 * (NOrec's value-based validation over the filter's sequence lock); writes stay here until the
 * filter's thread checks the reads and applies them ({@link FilterAtomicity}). One per thread,
 * reused; it grows on the Java side up to {@link #maxReads()} and {@link #maxWrites()} locations,
 * which bound what the filter's thread does for one call.
 *
 * <p>A location is a field of an object (its {@link VarHandle}) or an element of an array. Values
 * are kept as raw long bits, references apart.
 */
public final class AtomicTxn {
    static final int MAX_READS = Integer.getInteger("streamflex.atomic.maxReads", 32_768);
    static final int MAX_WRITES = Integer.getInteger("streamflex.atomic.maxWrites", 8_192);
    static final int MAX_COPIED = Integer.getInteger("streamflex.atomic.maxCopiedElements", 1 << 20);

    private static final ThreadLocal<AtomicTxn> CURRENT = ThreadLocal.withInitial(AtomicTxn::new);
    private static final VarHandle STATUS;
    private static final VarHandle BOOLEANS = MethodHandles.arrayElementVarHandle(boolean[].class);
    private static final VarHandle BYTES = MethodHandles.arrayElementVarHandle(byte[].class);
    private static final VarHandle CHARS = MethodHandles.arrayElementVarHandle(char[].class);
    private static final VarHandle SHORTS = MethodHandles.arrayElementVarHandle(short[].class);
    private static final VarHandle INTS = MethodHandles.arrayElementVarHandle(int[].class);
    private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);
    private static final VarHandle FLOATS = MethodHandles.arrayElementVarHandle(float[].class);
    private static final VarHandle DOUBLES = MethodHandles.arrayElementVarHandle(double[].class);

    static {
        try {
            STATUS = MethodHandles.lookup().findVarHandle(AtomicTxn.class, "status", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private static final int UNSET = 0;
    private static final int PENDING = 1;
    private static final int COMMITTED = 2;
    private static final int REJECTED = 3;

    /** Kinds: the JVM's type letters. */
    static final byte Z = 'Z', B = 'B', C = 'C', S = 'S', I = 'I', J = 'J', F = 'F', D = 'D', L = 'L';

    private FilterAtomicity filter;
    private long snapshot;
    private boolean active;
    private int status;

    private final Locations reads = new Locations();
    private final Locations writes = new Locations();
    /**
     * The call's borrowed array arguments. They belong to the caller, not to the filter (the
     * checker forbids keeping them), so no release can change them: their reads are not logged or
     * validated. Writes to them are logged like any other, and applied at commit.
     */
    private Object[] borrowed = new Object[4];
    private int borrowedCount;
    /**
     * Block copies from a borrowed array into another array ({@code System.arraycopy} in atomic
     * code), each kept as one entry with its own copy of the source elements: applying one is one
     * copy on the filter's thread, not one write per element.
     */
    private Object[] copyTargets = new Object[4];
    private int[] copyPositions = new int[4];
    private Object[] copyData = new Object[4];
    private int copies;
    private int copied;

    private AtomicTxn() {
    }

    static AtomicTxn current() {
        return CURRENT.get();
    }

    public static int maxReads() {
        return MAX_READS;
    }

    public static int maxWrites() {
        return MAX_WRITES;
    }

    boolean isActive() {
        return active;
    }

    /** Starts (or restarts) an attempt against {@code filter}'s current consistent state. */
    void begin(FilterAtomicity filter) {
        this.filter = filter;
        this.active = true;
        reads.clear();
        writes.clear();
        clearCopies();
        java.util.Arrays.fill(borrowed, 0, borrowedCount, null);
        borrowedCount = 0;
        snapshot = filter.stableEpoch();
    }

    void end() {
        active = false;
        filter = null;
        reads.clear();
        writes.clear();
        clearCopies();
        java.util.Arrays.fill(borrowed, 0, borrowedCount, null);
        borrowedCount = 0;
    }

    private void clearCopies() {
        java.util.Arrays.fill(copyTargets, 0, copies, null);
        java.util.Arrays.fill(copyData, 0, copies, null);
        copies = 0;
        copied = 0;
    }

    /**
     * Logs {@code System.arraycopy(src, srcPos, dest, destPos, length)} from a borrowed array as
     * one block; writes already logged inside the block take its values, since it comes after them.
     */
    void copyBlock(Object src, int srcPos, Object dest, int destPos, int length) {
        if (copied + length > MAX_COPIED) {
            throw new IllegalStateException("an @Atomic call copied more than " + MAX_COPIED + " array elements;"
                    + " the filter's thread applies at most that many per call. Split the call, or raise"
                    + " -Dstreamflex.atomic.maxCopiedElements");
        }
        Object block = java.lang.reflect.Array.newInstance(src.getClass().getComponentType(), length);
        System.arraycopy(src, srcPos, block, 0, length);
        if (copies == copyTargets.length) {
            copyTargets = java.util.Arrays.copyOf(copyTargets, copies * 2);
            copyPositions = java.util.Arrays.copyOf(copyPositions, copies * 2);
            copyData = java.util.Arrays.copyOf(copyData, copies * 2);
        }
        copyTargets[copies] = dest;
        copyPositions[copies] = destPos;
        copyData[copies] = block;
        copies++;
        copied += length;
        writes.overwriteWithin(dest, destPos, length, block);
    }

    boolean isBorrowedArray(Object array) {
        return borrowedCount > 0 && isBorrowed(array);
    }

    /** Records the call's array arguments (from index 1 of {@code withReceiver}). */
    void borrow(Object[] withReceiver) {
        for (int i = 1; i < withReceiver.length; i++) {
            Object a = withReceiver[i];
            if (a != null && a.getClass().isArray()) {
                if (borrowedCount == borrowed.length) {
                    borrowed = java.util.Arrays.copyOf(borrowed, borrowedCount * 2);
                }
                borrowed[borrowedCount++] = a;
            }
        }
    }

    private boolean isBorrowed(Object array) {
        for (int i = 0; i < borrowedCount; i++) {
            if (borrowed[i] == array) {
                return true;
            }
        }
        return false;
    }

    int writeCount() {
        return writes.size + copies;
    }

    // ------------------------------------------------------------ reading and writing

    long read(Object owner, VarHandle field, int index, byte kind) {
        int w = writes.find(owner, field, index);
        if (w >= 0) {
            return writes.bits[w];
        }
        if (field == null && copies > 0) {
            for (int c = copies - 1; c >= 0; c--) {
                if (copyTargets[c] == owner && index >= copyPositions[c]
                        && index < copyPositions[c] + java.lang.reflect.Array.getLength(copyData[c])) {
                    return load(copyData[c], null, index - copyPositions[c], kind);
                }
            }
        }
        if (field == null && borrowedCount > 0 && isBorrowed(owner)) {
            return load(owner, null, index, kind);
        }
        for (;;) {
            long v = load(owner, field, index, kind);
            VarHandle.loadLoadFence();
            if (filter.epochAcquire() == snapshot) {
                reads.add(owner, field, index, kind, v, null, MAX_READS, "reads");
                return v;
            }
            extendSnapshot();
        }
    }

    Object readRef(Object owner, VarHandle field, int index) {
        int w = writes.find(owner, field, index);
        if (w >= 0) {
            return writes.refs[w];
        }
        for (;;) {
            Object v = loadRef(owner, field, index);
            VarHandle.loadLoadFence();
            if (filter.epochAcquire() == snapshot) {
                reads.add(owner, field, index, L, 0, v, MAX_READS, "reads");
                return v;
            }
            extendSnapshot();
        }
    }

    void write(Object owner, VarHandle field, int index, byte kind, long bits, Object ref) {
        writes.add(owner, field, index, kind, bits, ref, MAX_WRITES, "writes");
    }

    /**
     * A release changed the state since the snapshot: if everything read so far still has the
     * value read, the snapshot moves forward to now; else the call runs again.
     */
    private void extendSnapshot() {
        for (;;) {
            long e = filter.stableEpoch();
            boolean hold = readsHold();
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
            boolean hold = readsHold();
            VarHandle.loadLoadFence();
            if (filter.epochAcquire() == e) {
                return hold;
            }
        }
    }

    // ------------------------------------------------------------ the filter's side

    /** Whether every location read still holds the value read. Exact on the filter's thread. */
    boolean readsStillHold() {
        return readsHold();
    }

    private boolean readsHold() {
        Locations r = reads;
        for (int i = 0; i < r.size; i++) {
            if (r.kinds[i] == L) {
                if (loadRef(r.owners[i], r.fields[i], r.indexes[i]) != r.refs[i]) {
                    return false;
                }
            } else if (load(r.owners[i], r.fields[i], r.indexes[i], r.kinds[i]) != r.bits[i]) {
                return false;
            }
        }
        return true;
    }

    void applyWrites() {
        // Blocks first: a single write logged after a block is applied after it; one logged
        // before it already holds the block's value (copyBlock).
        for (int c = 0; c < copies; c++) {
            Object block = copyData[c];
            System.arraycopy(block, 0, copyTargets[c], copyPositions[c], java.lang.reflect.Array.getLength(block));
        }
        Locations w = writes;
        for (int i = 0; i < w.size; i++) {
            store(w.owners[i], w.fields[i], w.indexes[i], w.kinds[i], w.bits[i], w.refs[i]);
        }
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

    // ------------------------------------------------------------ memory access by kind

    static long load(Object owner, VarHandle field, int index, byte kind) {
        if (field != null) {
            return switch (kind) {
                case Z -> (boolean) field.getOpaque(owner) ? 1 : 0;
                case B -> (byte) field.getOpaque(owner);
                case C -> (char) field.getOpaque(owner);
                case S -> (short) field.getOpaque(owner);
                case I -> (int) field.getOpaque(owner);
                case J -> (long) field.getOpaque(owner);
                case F -> Float.floatToRawIntBits((float) field.getOpaque(owner));
                case D -> Double.doubleToRawLongBits((double) field.getOpaque(owner));
                default -> throw new IllegalArgumentException("kind " + (char) kind);
            };
        }
        return switch (kind) {
            case Z -> (boolean) BOOLEANS.getOpaque((boolean[]) owner, index) ? 1 : 0;
            case B -> (byte) BYTES.getOpaque((byte[]) owner, index);
            case C -> (char) CHARS.getOpaque((char[]) owner, index);
            case S -> (short) SHORTS.getOpaque((short[]) owner, index);
            case I -> (int) INTS.getOpaque((int[]) owner, index);
            case J -> (long) LONGS.getOpaque((long[]) owner, index);
            case F -> Float.floatToRawIntBits((float) FLOATS.getOpaque((float[]) owner, index));
            case D -> Double.doubleToRawLongBits((double) DOUBLES.getOpaque((double[]) owner, index));
            default -> throw new IllegalArgumentException("kind " + (char) kind);
        };
    }

    static Object loadRef(Object owner, VarHandle field, int index) {
        return field != null ? field.getOpaque(owner) : ((Object[]) owner)[index];
    }

    static void store(Object owner, VarHandle field, int index, byte kind, long bits, Object ref) {
        if (field != null) {
            switch (kind) {
                case Z -> field.set(owner, bits != 0);
                case B -> field.set(owner, (byte) bits);
                case C -> field.set(owner, (char) bits);
                case S -> field.set(owner, (short) bits);
                case I -> field.set(owner, (int) bits);
                case J -> field.set(owner, bits);
                case F -> field.set(owner, Float.intBitsToFloat((int) bits));
                case D -> field.set(owner, Double.longBitsToDouble(bits));
                default -> field.set(owner, ref);
            }
            return;
        }
        switch (kind) {
            case Z -> ((boolean[]) owner)[index] = bits != 0;
            case B -> ((byte[]) owner)[index] = (byte) bits;
            case C -> ((char[]) owner)[index] = (char) bits;
            case S -> ((short[]) owner)[index] = (short) bits;
            case I -> ((int[]) owner)[index] = (int) bits;
            case J -> ((long[]) owner)[index] = bits;
            case F -> ((float[]) owner)[index] = Float.intBitsToFloat((int) bits);
            case D -> ((double[]) owner)[index] = Double.longBitsToDouble(bits);
            default -> ((Object[]) owner)[index] = ref;
        }
    }

    /**
     * A set of locations with values, in order of first access, with an open-addressing index so
     * that a location is found in constant time. Grows on the Java side only.
     */
    private static final class Locations {
        Object[] owners = new Object[16];
        VarHandle[] fields = new VarHandle[16];
        int[] indexes = new int[16];
        byte[] kinds = new byte[16];
        long[] bits = new long[16];
        Object[] refs = new Object[16];
        int size;
        /** Entry number + 1 per slot, 0 for free. */
        private int[] table = new int[32];

        void clear() {
            if (size > 0) {
                Arrays.fill(owners, 0, size, null);
                Arrays.fill(refs, 0, size, null);
                Arrays.fill(fields, 0, size, null);
                Arrays.fill(table, 0);
                size = 0;
            }
        }

        private static int hash(Object owner, VarHandle field, int index) {
            int h = System.identityHashCode(owner) * 0x9E3779B9 + (field == null ? index : System.identityHashCode(field));
            return h ^ (h >>> 16);
        }

        int find(Object owner, VarHandle field, int index) {
            int mask = table.length - 1;
            for (int slot = hash(owner, field, index) & mask; ; slot = (slot + 1) & mask) {
                int entry = table[slot] - 1;
                if (entry < 0) {
                    return -1;
                }
                if (owners[entry] == owner && fields[entry] == field && indexes[entry] == index) {
                    return entry;
                }
            }
        }

        /** Gives the array writes inside {@code [from, from + length)} of {@code array} the values of {@code block}. */
        void overwriteWithin(Object array, int from, int length, Object block) {
            for (int i = 0; i < size; i++) {
                if (owners[i] == array && fields[i] == null && indexes[i] >= from && indexes[i] < from + length) {
                    bits[i] = load(block, null, indexes[i] - from, kinds[i]);
                }
            }
        }

        void add(Object owner, VarHandle field, int index, byte kind, long value, Object ref, int max, String what) {
            int existing = find(owner, field, index);
            if (existing >= 0) {
                bits[existing] = value;
                refs[existing] = ref;
                return;
            }
            if (size == max) {
                throw new IllegalStateException("an @Atomic call touched more than " + max + " locations (" + what
                        + "); the filter's thread applies at most that many per call. Split the call, or raise"
                        + " -Dstreamflex.atomic.max" + Character.toUpperCase(what.charAt(0)) + what.substring(1));
            }
            if (size == owners.length) {
                grow();
            }
            owners[size] = owner;
            fields[size] = field;
            indexes[size] = index;
            kinds[size] = kind;
            bits[size] = value;
            refs[size] = ref;
            size++;
            if (size * 2 > table.length) {
                rehash(table.length * 2);
            } else {
                insert(size - 1);
            }
        }

        private void insert(int entry) {
            int mask = table.length - 1;
            int slot = hash(owners[entry], fields[entry], indexes[entry]) & mask;
            while (table[slot] != 0) {
                slot = (slot + 1) & mask;
            }
            table[slot] = entry + 1;
        }

        private void rehash(int capacity) {
            table = new int[capacity];
            for (int i = 0; i < size; i++) {
                insert(i);
            }
        }

        private void grow() {
            int n = owners.length * 2;
            owners = Arrays.copyOf(owners, n);
            fields = Arrays.copyOf(fields, n);
            indexes = Arrays.copyOf(indexes, n);
            kinds = Arrays.copyOf(kinds, n);
            bits = Arrays.copyOf(bits, n);
            refs = Arrays.copyOf(refs, n);
        }
    }
}
