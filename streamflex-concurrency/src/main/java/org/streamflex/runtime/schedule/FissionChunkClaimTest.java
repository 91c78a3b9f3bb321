package org.streamflex.runtime.schedule;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import java.util.concurrent.atomic.AtomicReferenceArray;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;
import org.streamflex.abi.RegionSlot;

/**
 * The chunks of a split batch claimed by two parts at once ({@link FissionChunks}, {@link FissionPart}):
 * the filter's thread cuts the batch into three chunks and posts the worker's part, both claim chunks
 * from the shared counter and note who ran each and what it put (plain writes), and the filter's
 * thread, once {@code await()} returns, must find every chunk run exactly once and every note the
 * worker wrote. r1 to r3: the part that ran chunk 0, 1, 2 (1 the filter's thread, 2 the worker), or
 * -1 if the chunk's output note is not that part's; r4: the chunks claimed by both parts together.
 */
@JCStressTest
@Outcome(id = "[12], [12], [12], 3", expect = ACCEPTABLE, desc = "each chunk run once, by either part, its notes seen")
@Outcome(expect = FORBIDDEN, desc = "a chunk run twice or never, or a note the worker wrote not seen after await()")
@State
public class FissionChunkClaimTest {
    private final AtomicReferenceArray<FissionPart> slots = new AtomicReferenceArray<>(1);
    private final FissionChunks chunks = new FissionChunks(3, 1);
    /** Chunks the worker claimed: written by the worker, read by the filter's thread after await(). */
    private int workerClaims;

    private final FissionPart part = new FissionPart(null, 2, chunks, new int[0]) {
        @Override
        Throwable execute(RegionSlot slot) {
            workerClaims = runChunks(2);
            return null;
        }
    };

    private int runChunks(int runner) {
        int claimed = 0;
        for (int c = chunks.claim(); c >= 0; c = chunks.claim()) {
            chunks.put(c, 0, runner * 10 + c);
            chunks.ran(c, runner);
            claimed++;
        }
        return claimed;
    }

    @Actor
    public void filterThread(IIII_Result r) {
        chunks.cut(3, 3);
        part.prepare(Thread.currentThread());
        slots.compareAndSet(0, null, part);
        int claimed = runChunks(1);
        part.await();
        r.r1 = seen(0);
        r.r2 = seen(1);
        r.r3 = seen(2);
        r.r4 = claimed + workerClaims;
    }

    private int seen(int c) {
        int runner = chunks.runner(c);
        return chunks.puts(c, 0) == runner * 10 + c ? runner : -1;
    }

    @Actor
    public void worker() {
        FissionPart posted;
        while ((posted = slots.get(0)) == null) {
            Thread.onSpinWait();
        }
        posted.run(null);
    }
}
