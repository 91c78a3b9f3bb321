package org.streamflex.runtime.graph;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.streamflex.Deployment;
import org.streamflex.runtime.ApiAccess;
import org.streamflex.runtime.net.CrossingLinks;

/**
 * The crossing channel's ends allocate nothing on the heap per item in steady state: the node's
 * outlet on the producer's clock thread, the server's inlet on its own.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class CrossingAllocationTest {
    @Test
    void outletAndInletAllocateNothingPerItemInSteadyState() throws Exception {
        NodeServerTest.Split server = Deployment.server(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                List.of("n1")).pollMicros(100).build(() -> new NodeServerTest.Split(0, 0, false));
        server.start();
        CrossingLinks serverLinks = ((RuntimeGraph) ApiAccess.assemblyOf(server)).crossingLinks();
        int items = 300_000;
        NodeServerTest.Split node = Deployment.node("n1", serverLinks.listeningAt())
                .build(() -> new NodeServerTest.Split(1, items, false));
        RuntimeGraph nodeRuntime = (RuntimeGraph) ApiAccess.assemblyOf(node);
        RuntimeGraph serverRuntime = (RuntimeGraph) ApiAccess.assemblyOf(server);
        var outlet = nodeRuntime.filters().stream().filter(f -> ApiAccess.context(f).filterName().startsWith("net:"))
                .findFirst().orElseThrow();
        var inlet = serverRuntime.filters().stream().filter(f -> ApiAccess.context(f).filterName().equals("net:inlet"))
                .findFirst().orElseThrow();
        nodeRuntime.countHeapBytes(outlet);
        serverRuntime.countHeapBytes(inlet);
        node.start();
        // Warm up (JIT, pools, Netty's first buffers), then count from here on.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (server.collector.received < 30_000 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        long from = server.collector.received;
        long outletFrom = nodeRuntime.heapBytes(outlet);
        long inletFrom = serverRuntime.heapBytes(inlet);
        // 80,000 items: an allocation on every item's path, 16 bytes or more, would show 32 times over the bound.
        while (server.collector.received < from + 80_000 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        long counted = server.collector.received - from;
        long outletBytes = nodeRuntime.heapBytes(outlet) - outletFrom;
        long inletBytes = serverRuntime.heapBytes(inlet) - inletFrom;
        node.stop();
        server.stop();
        System.out.println("crossing channel heap bytes over " + counted + " items: outlet " + outletBytes + ", inlet "
                + inletBytes);
        assertTrue(counted >= 60_000, "items counted: " + counted);
        // A few chunks of Netty's task queue or a buffer pool's growth may land here; per item, nothing.
        assertTrue(outletBytes / (double) counted < 0.5, "outlet heap bytes " + outletBytes + " for " + counted);
        assertTrue(inletBytes / (double) counted < 0.5, "inlet heap bytes " + inletBytes + " for " + counted);
    }
}
