package org.streamflex.runtime.schedule;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * The wake-up of a parked fission worker ({@link FissionWorkers}): the worker raises its
 * {@code parked} flag, then looks at its slot once more and parks only if it is empty; a poster
 * fills the slot, then unparks the worker only if it sees the flag. At least one of them must see
 * the other's write: else the worker parks with a part in its slot and no one wakes it.
 */
@JCStressTest
@Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "both saw the other: the worker runs the part, one unpark to spare")
@Outcome(id = "0, 1", expect = ACCEPTABLE, desc = "the worker saw the part and does not park; no unpark")
@Outcome(id = "1, 0", expect = ACCEPTABLE, desc = "the worker parks; the poster saw the flag and unparks it")
@Outcome(id = "0, 0", expect = FORBIDDEN, desc = "lost wake-up: the worker parks on a posted part, never unparked")
@State
public class FissionWakeUpTest {
    private final AtomicReferenceArray<FissionPart> slots = new AtomicReferenceArray<>(1);
    private final AtomicIntegerArray parked = new AtomicIntegerArray(1);
    private final FissionPart part = new FissionPart(null, 1, null, null);

    /** r1: 1 if the poster unparks the worker. */
    @Actor
    public void poster(II_Result r) {
        slots.compareAndSet(0, null, part);
        r.r1 = parked.get(0);
    }

    /** r2: 1 if the worker sees the part after raising its flag (and so does not park). */
    @Actor
    public void worker(II_Result r) {
        parked.set(0, 1);
        r.r2 = slots.get(0) != null ? 1 : 0;
    }
}
