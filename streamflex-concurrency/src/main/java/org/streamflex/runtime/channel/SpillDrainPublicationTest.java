package org.streamflex.runtime.channel;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.JJ_Result;

/**
 * A spilled item moved into the ring by the producer's drain against a consumer on another thread.
 * The one-slot lossless ring's slot still holds 1, taken and freed before; 2 waits in the spill. The
 * drain copies 2 from the spill into the slot and publishes it with the release store of the tail,
 * so a consumer that sees the new tail reads 2, never the stale 1 nor an empty slot.
 */
@JCStressTest
@Outcome(id = "0, -1", expect = ACCEPTABLE, desc = "the consumer looked before the drain published")
@Outcome(id = "1, 2", expect = ACCEPTABLE, desc = "the consumer saw the drain's publication and the spilled value")
@Outcome(id = "1, 1", expect = FORBIDDEN, desc = "the tail was visible before the drain's copy into the slot")
@Outcome(id = "1, 0", expect = FORBIDDEN, desc = "the tail was visible with the slot empty")
@State
public class SpillDrainPublicationTest {
    private final LongRing ring = new LongRing(1, "producer.out -> consumer.in");

    public SpillDrainPublicationTest() {
        ring.lossless(4);
        ring.put(1);
        ring.put(2); // the ring is full: spilled
        ring.publishPuts();
        ring.take();
        ring.publishTakes();
    }

    @Actor
    public void producer() {
        ring.drainSpill();
    }

    @Actor
    public void consumer(JJ_Result r) {
        int available = ring.size();
        r.r1 = available;
        r.r2 = available > 0 ? ring.take() : -1;
    }
}
