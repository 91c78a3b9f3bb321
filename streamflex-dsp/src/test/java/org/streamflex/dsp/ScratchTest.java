package org.streamflex.dsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.junit.jupiter.api.Test;
import org.streamflex.GraphCounters;
import org.streamflex.SharedChannel;
import org.streamflex.StreamFlexGraph;
import org.streamflex.runtime.GraphDriver;

/**
 * A work()'s scratch memory: zeroed at each request, valid until the work() returns, and free of
 * heap allocation once the filter has asked for the same sizes before.
 */
class ScratchTest {
    /** Reverses each segment through scratch memory, and counts scratch it found not zeroed. */
    public static final class Reverser extends org.streamflex.Filter {
        private SharedChannel<FloatSeg> in;
        private SharedChannel<FloatSeg> out;
        private long dirty;

        @Override
        public void work() {
            FloatSeg s = in.take();
            int n = s.length();
            MemorySegment tmp = Scratch.floats(n);
            MemorySegment other = Scratch.floats(16);
            for (int i = 0; i < n; i++) {
                if (tmp.getAtIndex(ValueLayout.JAVA_FLOAT, i) != 0f) {
                    dirty++;
                }
            }
            for (int i = 0; i < n; i++) {
                tmp.setAtIndex(ValueLayout.JAVA_FLOAT, n - 1 - i, s.get(i));
            }
            other.setAtIndex(ValueLayout.JAVA_FLOAT, 0, 1f);
            FloatSeg r = FloatSeg.make(s.timebase(), s.start(), n);
            for (int i = 0; i < n; i++) {
                r.set(i, tmp.getAtIndex(ValueLayout.JAVA_FLOAT, i));
            }
            out.put(r);
        }

        public long dirty() {
            return dirty;
        }
    }

    static final class Graph extends StreamFlexGraph {
        final FloatSource source = makeFilter(FloatSource.class, OpGraph.RECORDER_BYTES, DEFAULT_TRANSIENT_BYTES);
        final Reverser reverser = makeFilter(Reverser.class);
        final FloatSink sink = makeFilter(FloatSink.class, OpGraph.RECORDER_BYTES, DEFAULT_TRANSIENT_BYTES);

        Graph() {
            source.signal(Signals.noise(4096, 3));
            source.contiguous(64, 1, true);
            connect(makeClock(0), source);
            connect(source, reverser, 4);
            connect(reverser, sink, 4);
            validate();
        }
    }

    @Test
    void scratchMemoryIsZeroedPerWorkAndCostsNoHeapOnceWarm() {
        Graph g = new Graph();
        g.countHeapBytes(g.reverser);
        GraphDriver driver = GraphDriver.of(g).run(1_000);
        GraphCounters counters = g.counters();
        long heap = -1;
        for (int round = 0; round < 3 && heap != 0; round++) {
            long before = counters.value(g.reverser, "heapBytes");
            driver.run(500);
            heap = counters.value(g.reverser, "heapBytes") - before;
        }
        assertEquals(0, heap, "heap bytes of 500 releases");
        assertEquals(0, g.reverser.dirty(), "scratch memory is zeroed at every request");
        for (int i = 0; i < 64; i++) {
            assertEquals(g.sink.sample(0, 63 - i), Signals.noise(4096, 3)[i]);
        }
    }

    @Test
    void scratchMemoryExistsOnlyInsideWork() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> Scratch.floats(4));
        assertEquals("scratch memory exists only inside a filter's work()", e.getMessage());
    }
}
