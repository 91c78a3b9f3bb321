package org.streamflex.runtime.atomic;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;
import org.streamflex.spi.AtomicTransaction;

/**
 * A Java thread's {@code @Atomic} call, handed to a running filter's thread through the mailbox:
 * the call writes {@code x = 1} and {@code y = 1}; the filter's thread, between releases, applies
 * what the mailbox holds, and in its releases reads the pair. The call is applied exactly once and
 * completely: the filter's thread never sees one write without the other, and the caller returns
 * only once its writes are in place.
 */
@JCStressTest
@Outcome(id = "1, 1, 0", expect = ACCEPTABLE, desc = "applied once, whole, and in place when the call returned")
@Outcome(id = ".*, .*, 1", expect = FORBIDDEN, desc = "a release saw half of the call")
@Outcome(id = "0, 0, 0", expect = FORBIDDEN, desc = "the call returned before its writes were applied")
@State
public class MailboxHandOffTest {
    private static final MethodHandle BODY;

    static {
        try {
            BODY = MethodHandles.lookup().findStatic(MailboxHandOffTest.class, "body",
                    MethodType.methodType(Object.class, Object[].class, Object.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final FilterAtomicity engine = Pair.engine();
    private final Pair state = new Pair();
    private volatile boolean returned;
    private int xWhenReturned = -1;
    private int yWhenReturned = -1;
    private boolean torn;

    public MailboxHandOffTest() {
        engine.queueCalls(); // a clock thread runs the filter: calls go through the mailbox
    }

    /** The woven copy of {@code @Atomic void set() { x = 1; y = 1; }}. */
    static Object body(Object[] withReceiver, Object transaction) {
        Pair pair = (Pair) withReceiver[0];
        AtomicTransaction tx = (AtomicTransaction) transaction;
        tx.write(pair, Pair.X, -1, 'I', 1);
        tx.write(pair, Pair.Y, -1, 'I', 1);
        return null;
    }

    @Actor
    public void caller() {
        try {
            engine.call(BODY, new Object[] {state});
        } catch (Throwable e) {
            throw new AssertionError(e);
        }
        returned = true;
    }

    @Actor
    public void filterThread() {
        // Releases until the call has returned: each applies the mailbox, then runs a work().
        boolean last = false;
        while (!last) {
            last = returned;
            engine.applyPending();
            engine.enterWork();
            torn |= state.x != state.y;
            if (last) {
                xWhenReturned = state.x;
                yWhenReturned = state.y;
            }
            engine.exitWork();
        }
    }

    @Arbiter
    public void after(III_Result r) {
        r.r1 = xWhenReturned;
        r.r2 = yWhenReturned;
        r.r3 = torn ? 1 : 0;
    }
}
