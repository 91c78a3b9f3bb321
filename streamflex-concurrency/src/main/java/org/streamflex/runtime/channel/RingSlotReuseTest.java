package org.streamflex.runtime.channel;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.JJJ_Result;

/**
 * A full ring of one slot: the consumer takes the item and frees its slot ({@code soHead}) while
 * the producer puts a new one. The producer may write the slot only after it has seen the slot
 * freed ({@code lvHead}), which orders the consumer's read before the overwrite: the consumer
 * never reads the new value in place of the old one, and every put is either kept or counted as
 * dropped.
 */
@JCStressTest
@Outcome(id = "5, 1, 7", expect = ACCEPTABLE, desc = "the put found the slot freed: 7 waits in the ring")
@Outcome(id = "5, 0, -1", expect = ACCEPTABLE, desc = "the put found the ring full: dropped and counted")
@Outcome(id = "7, .*", expect = FORBIDDEN, desc = "the producer overwrote the slot before the consumer read it")
@Outcome(id = "5, 1, -1", expect = FORBIDDEN, desc = "an accepted put was lost")
@Outcome(id = "5, 0, 7", expect = FORBIDDEN, desc = "a dropped put was published")
@State
public class RingSlotReuseTest {
    private final LongRing ring = new LongRing(1, "producer.out -> consumer.in");

    public RingSlotReuseTest() {
        ring.put(5);
        ring.publishPuts();
    }

    @Actor
    public void producer(JJJ_Result r) {
        boolean accepted = ring.put(7);
        ring.publishPuts();
        r.r2 = accepted ? 1 : 0;
    }

    @Actor
    public void consumer(JJJ_Result r) {
        r.r1 = ring.take();
        ring.publishTakes();
    }

    @Arbiter
    public void after(JJJ_Result r) {
        r.r3 = ring.size() > 0 ? ring.take() : -1;
        if (r.r2 == 0 && ring.dropped() != 1) {
            r.r3 = -2; // a dropped put must be counted: no outcome above matches, so the test fails
        }
    }
}
