package org.streamflex.spi;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.function.Function;

/**
 * What the woven code of {@code @Atomic} methods calls. The javac plugin replaces the body of
 * each {@code @Atomic} method by a call to {@link #call}, and copies the body (and the methods of
 * the same class it calls) with every field and array access turned into one of the methods
 * below, so that the call reads a consistent snapshot and buffers its writes ({@link AtomicTxn}).
 * Filter authors never call it.
 *
 * <pre>{@code
 * @Atomic public int write(byte[] b) { ... }         // as written
 * public int write(byte[] b) {                        // as woven
 *     return (Integer) Atomics.call(<spreader of $sf$atomic$write>, new Object[] {this, b});
 * }
 * }</pre>
 */
public final class Atomics {
    /** A static field the javac plugin adds to each class whose {@code @Atomic} methods it wove. */
    public static final String WOVEN_MARKER_FIELD = "$streamflex$atomic";

    private static volatile Function<Object, FilterAtomicity> lookup = filter -> null;

    private Atomics() {
    }

    /** Installed by the runtime: a filter's atomicity, or null if it has none. */
    public static void install(Function<Object, FilterAtomicity> filterAtomicity) {
        lookup = filterAtomicity;
    }

    /**
     * Bootstrap of the constant each woven {@code @Atomic} method loads: its transactional copy,
     * taking the receiver and the arguments as one {@code Object[]} and returning an Object.
     */
    public static MethodHandle spreader(MethodHandles.Lookup lookup, String name, Class<?> type, MethodHandle body) {
        return body.asType(body.type().generic()).asSpreader(Object[].class, body.type().parameterCount());
    }

    /**
     * Runs an {@code @Atomic} call: attempts the transactional body until it commits; an exception
     * it throws from a consistent view rolls it back (nothing was written) and reaches the caller.
     *
     * @param body the copy, as made by {@link #spreader}
     * @param withReceiver the filter, then the call's arguments
     */
    public static Object call(MethodHandle body, Object[] withReceiver) throws Throwable {
        Object filter = withReceiver[0];
        FilterAtomicity atomicity = lookup.apply(filter);
        AtomicTxn tx = AtomicTxn.current();
        if (tx.isActive()) {
            throw new IllegalStateException("an @Atomic call from inside another @Atomic call"
                    + " (of filter " + atomicity.filterName() + "): return to plain Java between calls");
        }
        if (atomicity == null) {
            // Not in a graph (for instance a filter made by a test without one): nothing runs concurrently.
            return (Object) body.invokeExact(withReceiver);
        }
        atomicity.callers.lock();
        try {
            for (;;) {
                tx.begin(atomicity);
                tx.borrow(withReceiver);
                Object result;
                try {
                    result = (Object) body.invokeExact(withReceiver);
                } catch (AtomicRetry retry) {
                    atomicity.noteRetry();
                    continue;
                } catch (Throwable thrown) {
                    if (tx.consistentNow()) {
                        throw thrown; // nothing was written: the call is rolled back
                    }
                    atomicity.noteRetry();
                    continue;
                }
                if (tx.writeCount() == 0 ? tx.consistentNow() : atomicity.commit(tx)) {
                    return result;
                }
                atomicity.noteRetry();
            }
        } finally {
            tx.end();
            atomicity.callers.unlock();
        }
    }

    private static AtomicTxn active() {
        AtomicTxn tx = AtomicTxn.current();
        return tx.isActive() ? tx : null;
    }

    // ------------------------------------------------------------ fields

    public static boolean getBoolean(Object owner, VarHandle field) {
        AtomicTxn tx = active();
        return tx == null ? (boolean) field.get(owner) : tx.read(owner, field, -1, AtomicTxn.Z) != 0;
    }

    public static int getByte(Object owner, VarHandle field) {
        AtomicTxn tx = active();
        return tx == null ? (byte) field.get(owner) : (byte) tx.read(owner, field, -1, AtomicTxn.B);
    }

    public static int getChar(Object owner, VarHandle field) {
        AtomicTxn tx = active();
        return tx == null ? (char) field.get(owner) : (char) tx.read(owner, field, -1, AtomicTxn.C);
    }

    public static int getShort(Object owner, VarHandle field) {
        AtomicTxn tx = active();
        return tx == null ? (short) field.get(owner) : (short) tx.read(owner, field, -1, AtomicTxn.S);
    }

    public static int getInt(Object owner, VarHandle field) {
        AtomicTxn tx = active();
        return tx == null ? (int) field.get(owner) : (int) tx.read(owner, field, -1, AtomicTxn.I);
    }

    public static long getLong(Object owner, VarHandle field) {
        AtomicTxn tx = active();
        return tx == null ? (long) field.get(owner) : tx.read(owner, field, -1, AtomicTxn.J);
    }

    public static float getFloat(Object owner, VarHandle field) {
        AtomicTxn tx = active();
        return tx == null ? (float) field.get(owner)
                : Float.intBitsToFloat((int) tx.read(owner, field, -1, AtomicTxn.F));
    }

    public static double getDouble(Object owner, VarHandle field) {
        AtomicTxn tx = active();
        return tx == null ? (double) field.get(owner)
                : Double.longBitsToDouble(tx.read(owner, field, -1, AtomicTxn.D));
    }

    public static Object getReference(Object owner, VarHandle field) {
        AtomicTxn tx = active();
        return tx == null ? field.get(owner) : tx.readRef(owner, field, -1);
    }

    public static void putBoolean(Object owner, boolean value, VarHandle field) {
        put(owner, field, AtomicTxn.Z, value ? 1 : 0, null);
    }

    public static void putByte(Object owner, int value, VarHandle field) {
        put(owner, field, AtomicTxn.B, (byte) value, null);
    }

    public static void putChar(Object owner, int value, VarHandle field) {
        put(owner, field, AtomicTxn.C, (char) value, null);
    }

    public static void putShort(Object owner, int value, VarHandle field) {
        put(owner, field, AtomicTxn.S, (short) value, null);
    }

    public static void putInt(Object owner, int value, VarHandle field) {
        put(owner, field, AtomicTxn.I, value, null);
    }

    public static void putLong(Object owner, long value, VarHandle field) {
        put(owner, field, AtomicTxn.J, value, null);
    }

    public static void putFloat(Object owner, float value, VarHandle field) {
        put(owner, field, AtomicTxn.F, Float.floatToRawIntBits(value), null);
    }

    public static void putDouble(Object owner, double value, VarHandle field) {
        put(owner, field, AtomicTxn.D, Double.doubleToRawLongBits(value), null);
    }

    public static void putReference(Object owner, Object value, VarHandle field) {
        put(owner, field, AtomicTxn.L, 0, value);
    }

    private static void put(Object owner, VarHandle field, byte kind, long bits, Object ref) {
        AtomicTxn tx = active();
        if (tx == null) {
            AtomicTxn.store(owner, field, -1, kind, bits, ref);
        } else {
            tx.write(owner, field, -1, kind, bits, ref);
        }
    }

    // ------------------------------------------------------------ arrays

    /** {@code baload}: byte[] and boolean[] share the instruction. */
    public static int loadByte(Object array, int index) {
        byte kind = array instanceof boolean[] ? AtomicTxn.Z : AtomicTxn.B;
        return (int) load(array, index, kind);
    }

    public static char loadChar(char[] array, int index) {
        return (char) load(array, index, AtomicTxn.C);
    }

    public static short loadShort(short[] array, int index) {
        return (short) load(array, index, AtomicTxn.S);
    }

    public static int loadInt(int[] array, int index) {
        return (int) load(array, index, AtomicTxn.I);
    }

    public static long loadLong(long[] array, int index) {
        return load(array, index, AtomicTxn.J);
    }

    public static float loadFloat(float[] array, int index) {
        return Float.intBitsToFloat((int) load(array, index, AtomicTxn.F));
    }

    public static double loadDouble(double[] array, int index) {
        return Double.longBitsToDouble(load(array, index, AtomicTxn.D));
    }

    /**
     * Before {@code aaload}: records the element's value among the call's reads (the load itself
     * stays a plain {@code aaload}, whose static type the woven code keeps). Stores into reference
     * arrays are not allowed in atomic code, so the call never needs its own buffered value here.
     */
    public static void noteReference(Object[] array, int index) {
        AtomicTxn tx = active();
        if (tx != null) {
            tx.readRef(array, null, index);
        }
    }

    private static long load(Object array, int index, byte kind) {
        checkIndex(array, index);
        AtomicTxn tx = active();
        return tx == null ? AtomicTxn.load(array, null, index, kind) : tx.read(array, null, index, kind);
    }

    public static void storeByte(Object array, int index, int value) {
        byte kind = array instanceof boolean[] ? AtomicTxn.Z : AtomicTxn.B;
        store(array, index, kind, kind == AtomicTxn.Z ? value & 1 : (byte) value);
    }

    public static void storeChar(char[] array, int index, char value) {
        store(array, index, AtomicTxn.C, value);
    }

    public static void storeShort(short[] array, int index, short value) {
        store(array, index, AtomicTxn.S, value);
    }

    public static void storeInt(int[] array, int index, int value) {
        store(array, index, AtomicTxn.I, value);
    }

    public static void storeLong(long[] array, int index, long value) {
        store(array, index, AtomicTxn.J, value);
    }

    public static void storeFloat(float[] array, int index, float value) {
        store(array, index, AtomicTxn.F, Float.floatToRawIntBits(value));
    }

    public static void storeDouble(double[] array, int index, double value) {
        store(array, index, AtomicTxn.D, Double.doubleToRawLongBits(value));
    }

    private static void store(Object array, int index, byte kind, long bits) {
        checkIndex(array, index);
        AtomicTxn tx = active();
        if (tx == null) {
            AtomicTxn.store(array, null, index, kind, bits, null);
        } else {
            tx.write(array, null, index, kind, bits, null);
        }
    }

    /** The exceptions {@code xaload}/{@code xastore} would throw, at the same point. */
    private static void checkIndex(Object array, int index) {
        int length = java.lang.reflect.Array.getLength(array); // NullPointerException for null, as the instruction
        if (index < 0 || index >= length) {
            throw new ArrayIndexOutOfBoundsException("Index " + index + " out of bounds for length " + length);
        }
    }

    /** {@code System.arraycopy} in atomic code: element by element through the call's log. */
    public static void arraycopy(Object src, int srcPos, Object dest, int destPos, int length) {
        AtomicTxn tx = active();
        if (tx == null || src instanceof Object[] || dest instanceof Object[]) {
            System.arraycopy(src, srcPos, dest, destPos, length);
            return;
        }
        if (src.getClass() != dest.getClass()) {
            throw new ArrayStoreException("arraycopy: " + src.getClass().getSimpleName() + " to "
                    + dest.getClass().getSimpleName());
        }
        int srcLength = java.lang.reflect.Array.getLength(src);
        int destLength = java.lang.reflect.Array.getLength(dest);
        if (length < 0 || srcPos < 0 || destPos < 0 || srcPos > srcLength - length || destPos > destLength - length) {
            throw new ArrayIndexOutOfBoundsException("arraycopy: last source index " + (srcPos + length)
                    + " out of bounds for length " + srcLength + " or last destination index " + (destPos + length)
                    + " for length " + destLength);
        }
        if (tx.isBorrowedArray(src) && src != dest) {
            tx.copyBlock(src, srcPos, dest, destPos, length);
            return;
        }
        byte kind = kindOf(src);
        if (src == dest && srcPos < destPos) {
            for (int i = length - 1; i >= 0; i--) {
                tx.write(dest, null, destPos + i, kind, tx.read(src, null, srcPos + i, kind), null);
            }
        } else {
            for (int i = 0; i < length; i++) {
                tx.write(dest, null, destPos + i, kind, tx.read(src, null, srcPos + i, kind), null);
            }
        }
    }

    private static byte kindOf(Object array) {
        return switch (array) {
            case boolean[] a -> AtomicTxn.Z;
            case byte[] a -> AtomicTxn.B;
            case char[] a -> AtomicTxn.C;
            case short[] a -> AtomicTxn.S;
            case int[] a -> AtomicTxn.I;
            case long[] a -> AtomicTxn.J;
            case float[] a -> AtomicTxn.F;
            case double[] a -> AtomicTxn.D;
            default -> throw new ArrayStoreException("arraycopy: " + array.getClass().getName() + " is not an array");
        };
    }
}
