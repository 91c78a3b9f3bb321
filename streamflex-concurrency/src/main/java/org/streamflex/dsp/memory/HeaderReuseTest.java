package org.streamflex.dsp.memory;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.JJ_Result;
import org.streamflex.dsp.FloatSeg;
import org.streamflex.dsp.Timebase;

/**
 * A segment with two holders, on two threads: a consumer reads the segment's first sample number
 * and sample, then lets go; a producer lets go and makes the next segment at once, which reuses
 * the same pooled header and buffer whenever its release was the last. The consumer never sees
 * the next segment's start or samples: the header goes back to its pool only after the last
 * release, which follows every holder's reads.
 */
@JCStressTest
@Outcome(id = "1000, 5", expect = ACCEPTABLE, desc = "the consumer saw the segment it held")
@Outcome(id = {"2000, .*", ".*, 9"}, expect = FORBIDDEN, desc = "the consumer saw the next segment")
@Outcome(expect = FORBIDDEN, desc = "anything else is torn")
@State
public class HeaderReuseTest {
    private static final Timebase MIC = Timebase.of("mic", 48_000, 0);
    private final FloatSeg seg;

    public HeaderReuseTest() {
        seg = FloatSeg.make(MIC, 1000, 4);
        seg.set(0, 5f);
        seg.retain();
    }

    @Actor
    public void consumer(JJ_Result r) {
        r.r1 = seg.start();
        r.r2 = (long) seg.get(0);
        seg.release();
    }

    @Actor
    public void producer() {
        seg.release();
        FloatSeg next = FloatSeg.make(MIC, 2000, 4);
        next.set(0, 9f);
        next.release();
    }
}
