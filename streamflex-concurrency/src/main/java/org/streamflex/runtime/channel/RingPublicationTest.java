package org.streamflex.runtime.channel;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.JJ_Result;

/**
 * A put and its publication against a consumer on another thread: the release store of the tail
 * ({@code soTail}) orders the slot write before it, so a consumer that sees the new tail
 * ({@code lvTail}) reads the value put, never the empty slot.
 */
@JCStressTest
@Outcome(id = "0, -1", expect = ACCEPTABLE, desc = "the consumer looked before the publication")
@Outcome(id = "1, 42", expect = ACCEPTABLE, desc = "the consumer saw the publication and the value put")
@Outcome(id = "1, 0", expect = FORBIDDEN, desc = "the tail was visible before the slot it publishes")
@State
public class RingPublicationTest {
    private final LongRing ring = new LongRing(4, "producer.out -> consumer.in");

    @Actor
    public void producer() {
        ring.put(42);
        ring.publishPuts();
    }

    @Actor
    public void consumer(JJ_Result r) {
        int available = ring.size();
        r.r1 = available;
        r.r2 = available > 0 ? ring.take() : -1;
    }
}
