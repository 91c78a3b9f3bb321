package org.streamflex.runtime.net;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * A link sender's producer queues an item while the event loop ends a drain ({@link DrainRequest},
 * as {@code SenderLinkHandler} uses it). The drain is pending when both start: the producer publishes
 * its item with the queue's release store and asks for a drain, which it gets only if the event loop
 * already cleared the request; the event loop clears it and looks at the queue again. One of them
 * must see the other: the producer schedules a drain, or the event loop finds the item. Neither is a
 * lost wake-up, the item left in the queue with no drain coming.
 */
@JCStressTest
@Outcome(id = {"1, 0", "1, 1"}, expect = ACCEPTABLE, desc = "the producer saw the request clear: a drain")
@Outcome(id = "0, 1", expect = ACCEPTABLE, desc = "the drain pending saw the item when it looked again")
@Outcome(id = "0, 0", expect = FORBIDDEN, desc = "a lost wake-up: no drain scheduled, and the item unseen")
@State
public class DrainRequestTest {
    private final SequencedLongRing queue = new SequencedLongRing(4);
    private final DrainRequest request = new DrainRequest();

    public DrainRequestTest() {
        var _ = request.request(); // a drain is scheduled, and running
    }

    @Actor
    public void producer(II_Result r) {
        var _ = queue.offer(0, 42);
        r.r1 = request.request() ? 1 : 0;
    }

    @Actor
    public void eventLoop(II_Result r) {
        request.done();
        r.r2 = queue.available();
    }
}
