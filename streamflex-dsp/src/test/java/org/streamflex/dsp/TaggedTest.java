package org.streamflex.dsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;
import org.streamflex.dsp.memory.BufferPool;

/** A tagged segment holds a reference to its segment, by reference, until it is freed. */
class TaggedTest {
    private static final Timebase MIC = Timebase.of("tagged-mic", 48_000, 0);

    @Test
    void aTaggedValueHoldsItsSegmentUntilItIsFreed() {
        FloatSeg s = FloatSeg.make(MIC, 0, 64);
        long idle = BufferPool.shared().idle();
        Tagged t = Tagged.make(3, s);
        assertEquals(3, t.tag());
        assertSame(s, t.value(), "the segment itself, not a copy");
        assertEquals(2, s.references());
        s.release();
        assertEquals(1, s.references(), "the tagged value's reference");
        assertEquals(idle, BufferPool.shared().idle());
        t.release();
        assertEquals(0, s.references());
        assertEquals(idle + 1, BufferPool.shared().idle(), "its buffer is back in the pool");
    }
}
