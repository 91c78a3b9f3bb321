package org.streamflex.runtime.counter;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * A counter's writer counts after a plain write of what it counted ({@link SingleWriterCounter}:
 * a release store), and a monitoring thread reads the counter twice with acquire, then the plain
 * field. The counter never goes back between two reads, and a reader that sees the count sees
 * what was done before it: a region's peak, a commit's published items.
 */
@JCStressTest
@Outcome(id = {"0, 0, 0", "0, 0, 1", "0, 1, 1", "0, 2, 1", "1, 1, 1", "1, 2, 1", "2, 2, 1"}, expect = ACCEPTABLE,
        desc = "each read at or after the one before; the work seen with its count")
@Outcome(id = {"1, 0, .", "2, 0, .", "2, 1, ."}, expect = FORBIDDEN, desc = "the counter went back")
@Outcome(id = {"., 1, 0", "., 2, 0"}, expect = FORBIDDEN, desc = "the count seen before the work it counts")
@State
public class CounterPublicationTest {
    private final SingleWriterCounter counter = new SingleWriterCounter();
    private int work;

    @Actor
    public void writer() {
        work = 1;
        counter.increment();
        counter.increment();
    }

    @Actor
    public void reader(III_Result r) {
        r.r1 = (int) counter.get();
        r.r2 = (int) counter.get();
        r.r3 = work;
    }
}
