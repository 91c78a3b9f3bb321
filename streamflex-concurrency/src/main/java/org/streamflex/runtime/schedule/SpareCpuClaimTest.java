package org.streamflex.runtime.schedule;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import java.util.BitSet;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * Two workers whose CPUs are shared claim a spare CPU at once ({@link WorkerCpus#claimSpare}):
 * CPUs 0 to 2, workers 0 and 1 on CPUs 0 and 1, CPU 2 the only spare. Exactly one of them may get
 * it: two workers pinned to one CPU would share it, the thing the move is for. r1, r2: the CPU
 * worker 0 and worker 1 claimed, -1 for none.
 */
@JCStressTest
@Outcome(id = {"2, -1", "-1, 2"}, expect = ACCEPTABLE, desc = "one worker got the spare CPU, the other none")
@Outcome(expect = FORBIDDEN, desc = "both got the spare CPU, or neither did")
@State
public class SpareCpuClaimTest {
    private final WorkerCpus cpus;

    public SpareCpuClaimTest() {
        BitSet allowed = new BitSet();
        allowed.set(0, 3);
        cpus = WorkerCpus.of(allowed, 2);
    }

    @Actor
    public void worker0(II_Result r) {
        r.r1 = cpus.claimSpare(0, 0, 0);
    }

    @Actor
    public void worker1(II_Result r) {
        r.r2 = cpus.claimSpare(1, 1, 0);
    }
}
