package org.streamflex.runtime.schedule;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import java.util.concurrent.atomic.AtomicInteger;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * Two clock threads release one filter at once ({@link RunState}): the filter never runs on both
 * at the same time, and no release is lost, so each release is followed by a run that starts
 * after it. A thread that finds the filter busy leaves a note and returns; the owner sees the
 * note when it tries to leave and runs again.
 */
@JCStressTest
@Outcome(id = "0, 1", expect = ACCEPTABLE, desc = "one thread at a time, and a run after each release")
@Outcome(id = "1, .", expect = FORBIDDEN, desc = "the filter ran on two threads at once")
@Outcome(id = "0, 0", expect = FORBIDDEN, desc = "a release was lost: no run began after it")
@State
public class RunStateReleaseTest {
    private final RunState state = new RunState();
    private final AtomicInteger inside = new AtomicInteger();
    private volatile boolean overlap;
    /** Releases announced: the work() of a run starting after the announcement serves them. */
    private volatile boolean releasedA;
    private volatile boolean releasedB;
    private volatile boolean servedA;
    private volatile boolean servedB;

    @Actor
    public void clockA() {
        releasedA = true;
        release();
    }

    @Actor
    public void clockB() {
        releasedB = true;
        release();
    }

    @Arbiter
    public void after(II_Result r) {
        r.r1 = overlap ? 1 : 0;
        r.r2 = servedA && servedB ? 1 : 0;
    }

    /** What a clock thread does for a filter it reaches: run it unless another thread does. */
    private void release() {
        if (!state.enter()) {
            return; // the owner will look again
        }
        do {
            if (inside.incrementAndGet() != 1) {
                overlap = true;
            }
            // The work(): it sees every release announced before it began.
            servedA |= releasedA;
            servedB |= releasedB;
            inside.decrementAndGet();
        } while (!state.exit());
    }
}
