package org.streamflex.runtime.atomic;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import org.streamflex.Atomic;
import org.streamflex.Filter;
import org.streamflex.runtime.counter.SingleWriterCounter;
import org.streamflex.runtime.flight.Flight;
import org.streamflex.spi.AtomicEngine;

/**
 * The meeting point of one filter with the plain Java threads that call its {@code @Atomic}
 * methods. Only the filter's thread ever writes the filter's state; a Java call runs against a
 * consistent snapshot, buffers its writes in its {@link AtomicTxn}, and hands them over here.
 *
 * <ul>
 *   <li>{@code epoch} is a sequence lock the filter's thread alone writes: odd while it runs the
 *       filter's {@code trigger()}/{@code work()} or applies a call, even otherwise.
 *   <li>{@code pending} is a one-slot mailbox: a committing call leaves its transaction there and
 *       the filter's thread, at the start of its clock's next release, checks the call's reads
 *       by value and, if they still hold, applies its writes; then it sets the call's status.
 *   <li>{@code callers} serializes the Java threads calling this filter. The filter's thread never
 *       takes it, never waits for a Java thread and never wakes one (it only writes a status the
 *       caller polls): its added work per release is one read of the mailbox, plus, when a call
 *       is there, at most {@link AtomicLimits#maxReads()} comparisons and
 *       {@link AtomicLimits#maxWrites()} writes.
 * </ul>
 * While no clock thread can run the filter (before {@code start()}, after the graph stopped, under
 * the {@code GraphDriver}), a call applies its writes itself, under {@code callers}.
 */
public final class FilterAtomicity implements AtomicEngine {
    private static final VarHandle EPOCH;
    private static final VarHandle PENDING;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            EPOCH = lookup.findVarHandle(FilterAtomicity.class, "epoch", long.class);
            PENDING = lookup.findVarHandle(FilterAtomicity.class, "pending", AtomicTxn.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** How long a committing caller spins before it parks. */
    private static final long SPIN_NANOS = 50_000;

    private final ReentrantLock callers = new ReentrantLock();
    private final AtomicLimits limits;
    private long epoch;
    private AtomicTxn pending;
    private volatile boolean queued;
    /**
     * One writer at a time: the filter's thread while calls are queued, Java callers under
     * {@code callers} otherwise; {@code queueCalls} and the clock threads' exit hand it over.
     */
    private final SingleWriterCounter commits = new SingleWriterCounter();
    private final SingleWriterCounter rejections = new SingleWriterCounter();
    /** Written by Java callers, one at a time under {@code callers}. */
    private final SingleWriterCounter retries = new SingleWriterCounter();

    private FilterAtomicity(AtomicLimits limits) {
        this.limits = limits;
    }

    /**
     * The engine for a filter of class {@code type} whose calls may touch up to {@code limits}, or
     * null if it declares no {@code @Atomic} method.
     */
    public static FilterAtomicity of(Class<? extends Filter> type, AtomicLimits limits) {
        for (Class<?> c = type; c != Filter.class && c != null; c = c.getSuperclass()) {
            for (java.lang.reflect.Method m : c.getDeclaredMethods()) {
                if (m.isAnnotationPresent(Atomic.class)) {
                    return new FilterAtomicity(limits);
                }
            }
        }
        return null;
    }

    // ------------------------------------------------------------ the Java caller

    /**
     * Runs the call until it commits. Java callers of this filter take turns ({@code callers});
     * each attempt runs the woven body against a fresh snapshot, and its writes go to the
     * filter's thread through the mailbox.
     */
    @Override
    public Object call(MethodHandle body, Object[] withReceiver) throws Throwable {
        AtomicTxn tx = AtomicTxn.current();
        callers.lock();
        try {
            for (;;) {
                tx.begin(this, withReceiver);
                Object result;
                try {
                    result = (Object) body.invokeExact(withReceiver, (Object) tx);
                } catch (AtomicRetry retry) {
                    noteRetry();
                    continue;
                } catch (Throwable thrown) {
                    if (tx.consistentNow()) {
                        throw thrown; // nothing was written: the call is rolled back
                    }
                    noteRetry();
                    continue;
                }
                if (tx.writeCount() == 0 ? tx.consistentNow() : commit(tx)) {
                    return result;
                }
                Flight.atomicTurnedBack(withReceiver[0], tx.readCount(), tx.writeCount(), retries.plain() + 1);
                noteRetry();
            }
        } finally {
            tx.end();
            callers.unlock();
        }
    }

    // ------------------------------------------------------------ the filter's thread

    /** Before the filter's {@code trigger()} or {@code work()}: the state is about to change. */
    public void enterWork() {
        EPOCH.setOpaque(this, epoch + 1);
        // The stores of the work must not become visible before the odd epoch.
        VarHandle.storeStoreFence();
    }

    /** After it: the state is consistent again. */
    public void exitWork() {
        EPOCH.setRelease(this, epoch + 1);
    }

    /** At the start of a release: applies the call waiting in the mailbox, if any. */
    public void applyPending() {
        AtomicTxn call = (AtomicTxn) PENDING.getAcquire(this);
        if (call == null || !PENDING.compareAndSet(this, call, null)) {
            return;
        }
        enterWork();
        boolean valid = call.readsStillHold();
        if (valid) {
            call.applyWrites();
            commits.increment();
        } else {
            rejections.increment();
        }
        exitWork();
        call.settle(valid);
    }

    // ------------------------------------------------------------ the runtime

    /** Clock threads will run the filter: calls go through the mailbox. Takes {@code callers}. */
    public void queueCalls() {
        callers.lock();
        try {
            queued = true;
        } finally {
            callers.unlock();
        }
    }

    /** No clock thread runs the filter any more: calls apply their writes themselves. */
    public void applyCallsDirectly() {
        queued = false;
    }

    /** Calls whose writes the filter's thread applied. */
    public long commits() {
        return commits.get();
    }

    /** Calls the filter's thread turned back because a release had changed what they read. */
    public long rejections() {
        return rejections.get();
    }

    /** Attempts of Java calls that ran again, for any reason (stale snapshot or turned back). */
    public long retries() {
        return retries.get();
    }

    private void noteRetry() {
        retries.increment();
    }

    AtomicLimits limits() {
        return limits;
    }

    long epochAcquire() {
        return (long) EPOCH.getAcquire(this);
    }

    /** An even epoch: no release is touching the state. Waits (on the Java side) while one is. */
    long stableEpoch() {
        long e;
        int spins = 0;
        while (((e = epochAcquire()) & 1) != 0) {
            if (++spins > 1000) {
                LockSupport.parkNanos(1000);
            } else {
                Thread.onSpinWait();
            }
        }
        return e;
    }

    /**
     * Hands the call's writes over and waits until they are applied or turned back.
     *
     * @return true if applied, false if the call must run again
     */
    boolean commit(AtomicTxn call) {
        if (!queued) {
            return commitDirectly(call);
        }
        call.awaitSettle();
        PENDING.setRelease(this, call);
        // Spin for a while (a free-running or fast clock answers within microseconds), then park
        // in short steps: the filter's thread never wakes the caller, it only sets the status.
        long spinUntil = System.nanoTime() + SPIN_NANOS;
        while (!call.isSettled()) {
            if (!queued && PENDING.compareAndSet(this, call, null)) {
                // The graph stopped before a release took the call: no clock thread runs now.
                return commitDirectly(call);
            }
            if (System.nanoTime() - spinUntil > 0) {
                LockSupport.parkNanos(20_000);
            } else {
                Thread.onSpinWait();
            }
        }
        return call.settledValid();
    }

    private boolean commitDirectly(AtomicTxn call) {
        if (!call.readsStillHold()) {
            return false;
        }
        call.applyWrites();
        commits.increment();
        return true;
    }
}
