package org.streamflex.runtime.schedule;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import java.util.List;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.I_Result;
import org.streamflex.runtime.atomic.FilterAtomicity;
import org.streamflex.runtime.channel.SpscRing;

/**
 * A unit moves from worker 0 to worker 1 ({@link Workers#move}, as when worker 0's CPU is shared):
 * worker 0 is in the unit's last turn when the new placement is published, then takes it
 * ({@link Worker#take}: says it runs no earlier placement's units, waits for the others); worker 1
 * takes it and runs the unit. Worker 1 must see what worker 0's last turn wrote (the unit's state,
 * plain writes), and must get both units.
 */
@JCStressTest
@Outcome(id = "1", expect = ACCEPTABLE, desc = "worker 1 saw what worker 0's last turn of the unit wrote")
@Outcome(id = "0", expect = FORBIDDEN, desc = "worker 1 ran the unit before seeing worker 0's last turn of it")
@Outcome(id = "-1", expect = FORBIDDEN, desc = "worker 1 did not get both units")
@State
public class PlacementHandOffTest {
    /** The moved unit's state: written by worker 0's last turn of it, read by worker 1's first. */
    private int unitState;
    private final Workers workers;
    private final int[] moved;

    public PlacementHandOffTest() {
        workers = new Workers("handoff", List.of(unit("A"), unit("B")), 2, false, false, new long[] {1, 1},
                () -> true, failure -> { }, () -> { });
        workers.move(0, 1, "the test");
        moved = workers.placement();
    }

    private static WorkerUnit unit(String name) {
        return WorkerUnit.of(name, slot -> { }, null, new SpscRing[0], new SpscRing[0], new SpscRing[0], new int[0],
                new FilterAtomicity[0]);
    }

    @Actor
    public void worker0() {
        unitState = 1;
        workers.worker(0).take(moved);
    }

    @Actor
    public void worker1(I_Result r) {
        WorkerUnit[] mine = workers.worker(1).take(moved);
        r.r1 = mine != null && mine.length == 2 ? unitState : -1;
    }
}
