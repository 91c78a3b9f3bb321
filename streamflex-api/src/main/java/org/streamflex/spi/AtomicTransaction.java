package org.streamflex.spi;

import java.lang.invoke.VarHandle;

/**
 * One attempt of an {@code @Atomic} call, as the woven copy of the call's code sees it: every
 * field and array access of the copy goes through here (by way of {@code org.streamflex.abi.Atomics}),
 * so that reads come from one consistent snapshot of the filter's state and writes stay buffered
 * until the filter's thread applies them.
 *
 * <p>A location is a field of an object (its {@link VarHandle}, with {@code index} -1) or an
 * element of an array ({@code field} null). Values travel as raw 64-bit patterns: {@code kind} is
 * the JVM's type letter ({@code 'Z' 'B' 'C' 'S' 'I' 'J' 'F' 'D'}), and a {@code float} or
 * {@code double} is its raw bit pattern. {@code 'B'} on an array may name a {@code boolean[]}: the
 * JVM loads and stores both with the same instructions.
 *
 * <pre>{@code
 * long bits = tx.read(owner, COUNT, -1, 'I');   // woven getfield of int count
 * int count = (int) bits;
 * }</pre>
 */
public interface AtomicTransaction {
    /** The value of a primitive location, from the call's snapshot or its own earlier write. */
    long read(Object owner, VarHandle field, int index, int kind);

    /** The value of a reference location. */
    Object readReference(Object owner, VarHandle field, int index);

    /** Buffers a write of a primitive location. */
    void write(Object owner, VarHandle field, int index, int kind, long bits);

    /** Buffers a write of a reference field (atomic code never stores into reference arrays). */
    void writeReference(Object owner, VarHandle field, Object value);

    /**
     * {@code System.arraycopy(src, srcPos, dest, destPos, length)} as the call performs it, with
     * the exceptions the JDK method would throw.
     */
    void arraycopy(Object src, int srcPos, Object dest, int destPos, int length);
}
