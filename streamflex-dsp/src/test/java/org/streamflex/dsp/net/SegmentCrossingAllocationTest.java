package org.streamflex.dsp.net;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.streamflex.Deployment;
import org.streamflex.Filter;
import org.streamflex.runtime.ApiAccess;
import org.streamflex.runtime.graph.RuntimeGraph;

/**
 * The ends of channels of segments that cross machines allocate nothing on the heap per item in
 * steady state: the node's outlet encodes each segment and tuple into its link's queue, the server's
 * inlet decodes each into new ones from the pools (its timebase from the codec's cache).
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class SegmentCrossingAllocationTest {
    @Test
    void outletAndInletOfSegmentsAllocateNothingPerItemInSteadyState() throws Exception {
        SegmentSplit server = Deployment.server(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                List.of("n1")).pollMicros(200).build(() -> new SegmentSplit(0, 1000));
        server.start();
        int segments = 1_000_000;
        SegmentSplit node = Deployment.node("n1", SegmentCrossingTest.links(server).listeningAt())
                .build(() -> new SegmentSplit(segments, 100));
        RuntimeGraph nodeRuntime = (RuntimeGraph) ApiAccess.assemblyOf(node);
        RuntimeGraph serverRuntime = (RuntimeGraph) ApiAccess.assemblyOf(server);
        List<Filter> outlets = nodeRuntime.filters().stream()
                .filter(f -> ApiAccess.context(f).filterName().startsWith("net:")).toList();
        Filter inlet = serverRuntime.filters().stream()
                .filter(f -> ApiAccess.context(f).filterName().equals("net:inlet")).findFirst().orElseThrow();
        outlets.forEach(nodeRuntime::countHeapBytes);
        serverRuntime.countHeapBytes(inlet);
        node.start();
        // Warm up (JIT, the segment pools, the timebase caches, Netty's first buffers), then count from here on.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (server.checker.received < 10_000 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        long from = server.checker.received + server.checker.tuplesReceived;
        long outletFrom = outlets.stream().mapToLong(nodeRuntime::heapBytes).sum();
        long inletFrom = serverRuntime.heapBytes(inlet);
        while (server.checker.received + server.checker.tuplesReceived < from + 10_000
                && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        long counted = server.checker.received + server.checker.tuplesReceived - from;
        long outletBytes = outlets.stream().mapToLong(nodeRuntime::heapBytes).sum() - outletFrom;
        long inletBytes = serverRuntime.heapBytes(inlet) - inletFrom;
        node.stop();
        server.stop();
        System.out.println("segment crossings' heap bytes over " + counted + " segments and tuples: outlets "
                + outletBytes + ", inlet " + inletBytes + "; wrong " + server.checker.wrong);
        assertTrue(counted >= 10_000, "items counted: " + counted);
        assertTrue(server.checker.wrong == 0, "wrong items: " + server.checker.wrong);
        // A chunk of Netty's task queue, a pool's growth or code the JIT has not compiled yet may land
        // here once (12,920 bytes over 10,015 items in one CI run on a busy machine); an object per
        // item would be at least 16 bytes an item, and the segment it replaces thousands.
        assertTrue(outletBytes / (double) counted < 4, "outlet heap bytes " + outletBytes + " for " + counted);
        assertTrue(inletBytes / (double) counted < 4, "inlet heap bytes " + inletBytes + " for " + counted);
    }
}
