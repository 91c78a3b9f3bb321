package org.streamflex.runtime.atomic;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * A release writes two fields ({@code x = 1; y = 1}) inside the sequence lock while an
 * {@code @Atomic} call on another thread reads them: the call sees both from before the release,
 * both from after it, or is re-run; it never acts on one of each.
 */
@JCStressTest
@Outcome(id = "0, 0", expect = ACCEPTABLE, desc = "the call read before the release")
@Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "the call read after the release")
@Outcome(id = "-1, -1", expect = ACCEPTABLE, desc = "the release changed what the call had read: it runs again")
@Outcome(id = "0, 1", expect = FORBIDDEN, desc = "a torn snapshot: x from before, y from after")
@Outcome(id = "1, 0", expect = FORBIDDEN, desc = "a torn snapshot: x from after, y from before")
@State
public class SequenceLockSnapshotTest {
    private final FilterAtomicity engine = Pair.engine();
    private final Pair state = new Pair();

    @Actor
    public void release() {
        engine.enterWork();
        state.x = 1;
        state.y = 1;
        engine.exitWork();
    }

    @Actor
    public void call(II_Result r) {
        AtomicTxn tx = AtomicTxn.current();
        tx.begin(engine, new Object[] {state});
        try {
            r.r1 = (int) tx.read(state, Pair.X, -1, 'I');
            r.r2 = (int) tx.read(state, Pair.Y, -1, 'I');
        } catch (AtomicRetry retry) {
            r.r1 = -1;
            r.r2 = -1;
        } finally {
            tx.end();
        }
    }
}
