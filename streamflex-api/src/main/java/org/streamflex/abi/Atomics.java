package org.streamflex.abi;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.streamflex.Filter;
import org.streamflex.StreamFlexError;
import org.streamflex.spi.AtomicEngine;
import org.streamflex.spi.AtomicTransaction;
import org.streamflex.spi.FilterContext;

/**
 * What the woven code of {@code @Atomic} methods calls. The javac plugin replaces the body of each
 * {@code @Atomic} method by a call to {@link #call}, and copies the body (and the methods it may
 * call) into {@code $sf$atomic$} methods that take the call's transaction as an extra last
 * parameter, with every field and array access turned into one of the methods below. Each
 * delegates to the transaction, an {@link AtomicTransaction} of the runtime's engine, which the
 * engine passes in when it runs the copy. Filter authors never call it.
 *
 * <p>Primitive values cross as raw 64-bit patterns and {@code kind} is the JVM's type letter
 * ({@code 'I'}, {@code 'F'}, ...): the woven code widens or bit-casts them, so one entry point
 * serves every primitive type.
 *
 * <pre>{@code
 * @Atomic public int write(byte[] b) { ... }         // as written
 * public int write(byte[] b) {                        // as woven
 *     return (Integer) Atomics.call(<$sf$atomic$write as (Object[], Object)Object>, new Object[] {this, b});
 * }
 * count = count + 1;                                  // in the copy: bits pass through getField/putField
 * Atomics.putField(this, (long) ((int) Atomics.getField(this, tx, COUNT, 'I') + 1), tx, COUNT, 'I');
 * }</pre>
 */
public final class Atomics {
    private static final VarHandle CONTEXT;

    static {
        try {
            CONTEXT = MethodHandles.privateLookupIn(Filter.class, MethodHandles.lookup())
                    .findVarHandle(Filter.class, "context", FilterContext.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Which filter's call runs on this thread, to refuse a nested one with a message. */
    private static final ThreadLocal<String[]> CALLING = ThreadLocal.withInitial(() -> new String[1]);

    private Atomics() {
    }

    /**
     * Bootstrap of the constant each woven {@code @Atomic} method loads: its transactional copy,
     * of type {@code (receiver, arguments..., Object transaction)R}, adapted to take the receiver
     * and arguments as one {@code Object[]}: {@code (Object[], Object)Object}.
     */
    public static MethodHandle body(MethodHandles.Lookup lookup, String name, Class<?> type, MethodHandle copy) {
        int spread = copy.type().parameterCount() - 1;
        return copy.asType(copy.type().generic()).asSpreader(0, Object[].class, spread);
    }

    /**
     * Runs an {@code @Atomic} call through the engine of its filter, found in the filter's
     * context: the engine runs the body until it commits.
     *
     * @param body the copy, as made by {@link #body}
     * @param withReceiver the filter, then the call's arguments
     * @throws IllegalStateException if an {@code @Atomic} call of any filter is already running on
     *     this thread
     * @throws StreamFlexError if the filter was not made by a graph
     */
    public static Object call(MethodHandle body, Object[] withReceiver) throws Throwable {
        Filter filter = (Filter) withReceiver[0];
        FilterContext context = (FilterContext) CONTEXT.getAcquire(filter);
        String name = context == null ? filter.getClass().getName() : context.filterName();
        String[] calling = CALLING.get();
        if (calling[0] != null) {
            throw new IllegalStateException("an @Atomic call of " + name + " from inside an @Atomic call of "
                    + calling[0] + ": return to plain Java between calls");
        }
        if (context == null) {
            throw new StreamFlexError(name + " was created with new: create filters with makeFilter(Class) in a"
                    + " StreamFlexGraph, whose runtime makes its @Atomic calls atomic");
        }
        AtomicEngine engine = context.atomic();
        if (engine == null) {
            throw new IllegalStateException(name + " has no @Atomic engine although its class has @Atomic methods:"
                    + " the runtime and the API are of different versions");
        }
        calling[0] = name;
        try {
            return engine.call(body, withReceiver);
        } finally {
            calling[0] = null;
        }
    }

    private static AtomicTransaction tx(Object transaction) {
        return (AtomicTransaction) transaction;
    }

    // ------------------------------------------------------------ fields

    /** {@code getfield} of a primitive field: its value's bits. */
    public static long getField(Object owner, Object transaction, VarHandle field, int kind) {
        return tx(transaction).read(owner, field, -1, kind);
    }

    /** {@code getfield} of a reference field: woven code casts the result. */
    public static Object getReferenceField(Object owner, Object transaction, VarHandle field) {
        return tx(transaction).readReference(owner, field, -1);
    }

    /** {@code putfield} of a primitive field, its value given as bits. */
    public static void putField(Object owner, long bits, Object transaction, VarHandle field, int kind) {
        tx(transaction).write(owner, field, -1, kind, bits);
    }

    /** {@code putfield} of a reference field. */
    public static void putReferenceField(Object owner, Object value, Object transaction, VarHandle field) {
        tx(transaction).writeReference(owner, field, value);
    }

    // ------------------------------------------------------------ arrays

    /** A primitive array load ({@code 'B'} also for {@code boolean[]}): the element's bits. */
    public static long loadElement(Object array, int index, Object transaction, int kind) {
        checkIndex(array, index);
        return tx(transaction).read(array, null, index, kind);
    }

    /** A primitive array store, the value given as bits. */
    public static void storeElement(Object array, int index, long bits, Object transaction, int kind) {
        checkIndex(array, index);
        tx(transaction).write(array, null, index, kind, bits);
    }

    /**
     * Before {@code aaload}: records the element among the call's reads; the load itself stays a
     * plain {@code aaload}. Atomic code never stores into reference arrays (the checker forbids it),
     * so the call has no buffered value of its own here.
     */
    public static void noteReferenceElement(Object[] array, int index, Object transaction) {
        checkIndex(array, index);
        tx(transaction).readReference(array, null, index);
    }

    /** {@code System.arraycopy} in atomic code. */
    public static void arraycopy(Object src, int srcPos, Object dest, int destPos, int length, Object transaction) {
        tx(transaction).arraycopy(src, srcPos, dest, destPos, length);
    }

    /** The exceptions {@code xaload}/{@code xastore} would throw, at the same point. */
    private static void checkIndex(Object array, int index) {
        int length = java.lang.reflect.Array.getLength(array); // NullPointerException for null, as the instruction
        if (index < 0 || index >= length) {
            throw new ArrayIndexOutOfBoundsException("Index " + index + " out of bounds for length " + length);
        }
    }
}
