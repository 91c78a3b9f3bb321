package org.streamflex.dsp.memory;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import java.lang.foreign.ValueLayout;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * A sample buffer with two holders, on two threads. One reads a sample and lets go; the other lets
 * go and at once takes a buffer from the same pool and writes into it, which is the first buffer
 * again whenever its release was the last. The reader never sees the next user's sample: the last
 * release (an atomic read-modify-write) follows every holder's reads, and the pool's queue
 * publishes the buffer to its next user only after that.
 */
@JCStressTest
@Outcome(id = {"7, 0", "7, 1"}, expect = ACCEPTABLE,
        desc = "the reader saw the sample it held; the buffer reused or not")
@Outcome(id = {"42, 0", "42, 1"}, expect = FORBIDDEN, desc = "the reader saw the next user's sample")
@State
public class BufferReuseTest {
    private final BufferPool pool = new BufferPool(4 * 64);
    private final SampleBuffer buffer;

    public BufferReuseTest() {
        buffer = pool.acquire(64);
        buffer.memory().set(ValueLayout.JAVA_INT, 0, 7);
        buffer.retain();
    }

    @Actor
    public void reader(II_Result r) {
        r.r1 = buffer.readOnly().get(ValueLayout.JAVA_INT, 0);
        buffer.release();
    }

    @Actor
    public void nextUser(II_Result r) {
        buffer.release();
        SampleBuffer next = pool.acquire(64);
        next.memory().set(ValueLayout.JAVA_INT, 0, 42);
        r.r2 = next == buffer ? 1 : 0;
    }
}
