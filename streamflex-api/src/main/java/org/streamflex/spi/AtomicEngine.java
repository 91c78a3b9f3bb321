package org.streamflex.spi;

import java.lang.invoke.MethodHandle;

/**
 * The runtime's side of one filter's {@code @Atomic} calls: it runs a call as a transaction
 * against the filter's state, and re-runs it until it commits. Reached from woven code through
 * {@code org.streamflex.abi.Atomics#call}, which finds it in the filter's {@link FilterContext}.
 *
 * <pre>{@code
 * // woven @Atomic int write(byte[] b):
 * return (Integer) Atomics.call(<body>, new Object[] {this, b});
 * // Atomics.call, once it has checked the call is not nested:
 * return context.atomic().call(body, withReceiver);
 * }</pre>
 */
public interface AtomicEngine {
    /**
     * Runs a call: invokes {@code body} with the receiver and arguments and a fresh
     * {@link AtomicTransaction} until the transaction commits, then returns the body's result.
     * An exception the body throws from a consistent view rolls the call back (nothing it wrote
     * is applied) and reaches the caller.
     *
     * @param body the woven copy of the {@code @Atomic} method, of type
     *     {@code (Object[] withReceiver, Object transaction)Object}
     * @param withReceiver the filter, then the call's arguments (boxed)
     */
    Object call(MethodHandle body, Object[] withReceiver) throws Throwable;
}
