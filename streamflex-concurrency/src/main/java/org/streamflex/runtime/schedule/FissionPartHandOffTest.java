package org.streamflex.runtime.schedule;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import java.util.concurrent.atomic.AtomicReferenceArray;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;
import org.streamflex.abi.RegionSlot;

/**
 * Fission hands a part of a batch to a worker ({@link FissionPart}, posted through a worker's slot
 * as {@link FissionWorkers} does): the worker must see what the filter's thread wrote before
 * posting (the part's input items, plain writes), and the filter's thread, once {@code await()}
 * returns, what the worker wrote (the part's output items and its failure, plain writes).
 */
@JCStressTest
@Outcome(id = "1, 2, 1", expect = ACCEPTABLE, desc = "each side saw what the other wrote before handing over")
@Outcome(id = "0, ., .", expect = FORBIDDEN, desc = "the worker missed the input written before the post")
@Outcome(id = "., 0, .", expect = FORBIDDEN, desc = "the filter's thread missed the output written before done")
@Outcome(id = "., ., 0", expect = FORBIDDEN, desc = "the filter's thread missed the part's failure")
@State
public class FissionPartHandOffTest {
    private final AtomicReferenceArray<FissionPart> slots = new AtomicReferenceArray<>(1);
    /** The part's input items: written by the filter's thread, read by the worker. */
    private int input;
    /** What the worker saw of the input. */
    private int seenInput;
    /** The part's output items: written by the worker, read by the filter's thread. */
    private int output;

    private final FissionPart part = new FissionPart(null, 1, null, null) {
        @Override
        Throwable execute(RegionSlot slot) {
            seenInput = input;
            output = 2;
            return new IllegalStateException("failure of the part");
        }
    };

    @Actor
    public void filterThread(III_Result r) {
        input = 1;
        part.prepare(Thread.currentThread());
        slots.compareAndSet(0, null, part);
        part.await();
        r.r2 = output;
        r.r3 = part.failure() == null ? 0 : 1;
    }

    @Actor
    public void worker(III_Result r) {
        FissionPart posted;
        while ((posted = slots.get(0)) == null) {
            Thread.onSpinWait();
        }
        posted.run(null);
        r.r1 = seenInput;
    }
}
