package org.streamflex.dsp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.streamflex.GraphCounters;
import org.streamflex.dsp.memory.BufferPool;
import org.streamflex.runtime.GraphDriver;

/**
 * Segments through a graph: passed by reference, shared between the channels they are put on,
 * cut and joined in work() without allocating on the heap once warm, and every buffer back in its
 * pool when the graph has consumed them.
 */
class SegmentGraphTest {
    @Test
    void aGraphPassingSegmentsAllocatesNoHeapBytesPerSegmentOnceWarm() {
        SegmentChain graph = new SegmentChain();
        graph.countHeapBytes();
        GraphDriver driver = GraphDriver.of(graph).run(2_000); // warm-up: class loading, the JIT, the pools
        GraphCounters counters = graph.counters();
        long heap = -1;
        for (int round = 0; round < 3 && heap != 0; round++) { // a JIT recompilation may allocate once
            long before = totalHeapBytes(counters);
            long buffers = BufferPool.shared().created();
            long headers = FloatSeg.headersMade();
            driver.run(1_000);
            heap = totalHeapBytes(counters) - before;
            assertEquals(buffers, BufferPool.shared().created(), "no new sample buffer once warm");
            assertEquals(headers, FloatSeg.headersMade(), "no new segment header once warm");
        }
        assertEquals(0, heap, "heap bytes of 1,000 releases, every filter of the graph");
    }

    @Test
    void everySampleArrivesOnceOnEachBranchAndIsShared() {
        SegmentChain graph = new SegmentChain();
        BufferPool pool = BufferPool.shared();
        long outstanding = pool.created() - pool.idle() - pool.discarded();
        GraphDriver.of(graph).run(300);
        long samples = 300L * SegmentChain.LENGTH;
        double expected = 0;
        for (long n = 0; n < samples; n++) {
            expected += n % 1000;
        }
        assertEquals(300, graph.summer.segments());
        assertEquals(expected, graph.summer.sum());
        assertEquals(300, graph.cutter.segments());
        assertEquals(0, graph.cutter.mismatches());
        assertEquals(300, graph.summer.sharedWhenTaken(), "the fork's second channel still held each one");
        assertEquals(outstanding, pool.created() - pool.idle() - pool.discarded(),
                "every buffer the run took is idle again");
    }

    private static long totalHeapBytes(GraphCounters counters) {
        long sum = 0;
        for (String name : counters.names()) {
            if (name.endsWith(".heapBytes")) {
                sum += counters.value(name);
            }
        }
        return sum;
    }
}
