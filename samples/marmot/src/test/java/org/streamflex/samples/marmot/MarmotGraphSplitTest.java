package org.streamflex.samples.marmot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.streamflex.runtime.ApiAccess;
import org.streamflex.runtime.graph.RuntimeGraph;
import org.streamflex.runtime.net.CrossingLinks;
import org.streamflex.runtime.net.NetworkLinkClient;

/** How {@link MarmotGraph} splits between a node and the server (built, not started: no network). */
class MarmotGraphSplitTest {
    private static final InetSocketAddress SERVER = new InetSocketAddress(InetAddress.getLoopbackAddress(), 7400);

    private static Deployment scene() throws Exception {
        return Deployment.read(Path.of("scenes/small/nodes.csv"), Path.of("scenes/small/mics.csv"));
    }

    @Test
    void aNodeKeepsItsDetectorAndDoaAndTheServerItsClusteringAndFusion() throws Exception {
        Deployment scene = scene();
        MarmotConfig config = MarmotConfig.defaults();
        MarmotGraph node = org.streamflex.Deployment.node("B", SERVER)
                .build(() -> MarmotGraph.forNode(config, scene, 1, 44_100, 23_220));
        List<String> nodeCounters = List.copyOf(node.counters().names());
        assertTrue(nodeCounters.contains("filter.doa-B.fires"), nodeCounters.toString());
        assertTrue(nodeCounters.contains("link.B:Joiner.out->doa-log.in.sent"), nodeCounters.toString());
        assertTrue(nodeCounters.stream().noneMatch(n -> n.startsWith("filter.cluster.")
                || n.startsWith("filter.doa-log.") || n.contains("-A.") || n.contains("-C.")), nodeCounters.toString());
        MarmotGraph server = org.streamflex.Deployment.server(SERVER, List.of("A", "B", "C"))
                .build(() -> MarmotGraph.forServer(config, scene));
        List<String> serverCounters = List.copyOf(server.counters().names());
        for (String id : List.of("A", "B", "C")) {
            assertTrue(serverCounters.contains("link." + id + ":Joiner.out->doa-log.in.delivered"),
                    serverCounters.toString());
        }
        assertTrue(serverCounters.contains("filter.doa-log.event.node-ended"), serverCounters.toString());
        assertTrue(serverCounters.stream().noneMatch(n -> n.startsWith("filter.source-")
                || (n.startsWith("filter.doa-") && !n.startsWith("filter.doa-log"))), serverCounters.toString());
    }

    @Test
    void theDoaMovedToTheServerLeavesEachNodeItsFeedAndTheServerOneDoaForEveryNode() throws Exception {
        Deployment scene = scene();
        MarmotConfig config = MarmotConfig.defaults();
        int bound = MarmotGraph.feedItemBytes(config);
        MarmotGraph node = org.streamflex.Deployment.node("A", SERVER).maxSharedItemBytes(bound)
                .build(() -> MarmotGraph.forNode(config, scene, 0, 44_100, 23_220, true));
        List<String> nodeCounters = List.copyOf(node.counters().names());
        // One crossing: tuples and marks in one channel, so that no mark overtakes a detection on the way.
        assertEquals(List.of("link.A:doa-feed.out->doa.in.accepted"), nodeCounters.stream()
                .filter(n -> n.startsWith("link.") && n.endsWith(".accepted")).toList());
        assertTrue(nodeCounters.contains("filter.doa-feed.fires"), nodeCounters.toString());
        assertTrue(nodeCounters.stream().noneMatch(n -> n.startsWith("filter.doa-A.") || n.startsWith("filter.doa.")
                || n.startsWith("filter.doa-log.") || n.contains("Joiner")), nodeCounters.toString());
        MarmotGraph server = org.streamflex.Deployment.server(SERVER, List.of("A", "B", "C")).maxSharedItemBytes(bound)
                .build(() -> MarmotGraph.forServer(config, scene, true));
        List<String> serverCounters = List.copyOf(server.counters().names());
        for (String id : List.of("A", "B", "C")) {
            assertTrue(serverCounters.contains("link." + id + ":doa-feed.out->doa.in.delivered"),
                    serverCounters.toString());
        }
        assertTrue(serverCounters.contains("filter.doa.fires"), serverCounters.toString());
        assertTrue(serverCounters.stream().noneMatch(n -> n.startsWith("filter.source-")
                || n.startsWith("filter.doa-feed.") || n.startsWith("filter.doa-A.")), serverCounters.toString());
    }

    @Test
    void aNodeWithTheDoaOnTheServerIsRefusedByAServerWithItOnTheNodesNamingBothChannels() throws Exception {
        Deployment scene = scene();
        MarmotConfig config = MarmotConfig.defaults();
        MarmotGraph server = org.streamflex.Deployment.server(new InetSocketAddress(InetAddress.getLoopbackAddress(),
                0), List.of("A", "B", "C")).build(() -> MarmotGraph.forServer(config, scene));
        server.start();
        MarmotGraph node = null;
        try {
            InetSocketAddress at = links(server).listeningAt();
            node = org.streamflex.Deployment.node("A", at).maxSharedItemBytes(MarmotGraph.feedItemBytes(config))
                    .build(() -> MarmotGraph.forNode(config, scene, 0, 44_100, 23_220, true));
            node.start();
            NetworkLinkClient link = links(node).client(0);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (link.isOpen() && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            String problem = link.lastProblem();
            assertTrue(problem.contains("channel A:doa-feed.out->doa.in [items up to"
                    + " 132096 bytes] of shared values of org.streamflex.dsp.SegTuple"), problem);
            assertTrue(problem.contains("channel A:Joiner.out->doa-log.in of capsules"), problem);
            assertEquals(0, link.connections(), problem);
        } finally {
            if (node != null) {
                node.stop();
                node.awaitTermination(10, TimeUnit.SECONDS);
            }
            server.stop();
            server.awaitTermination(10, TimeUnit.SECONDS);
        }
    }

    private static CrossingLinks links(MarmotGraph graph) {
        return ((RuntimeGraph) ApiAccess.assemblyOf(graph)).crossingLinks();
    }

    @Test
    void aDetectionOnTheNetworkIsBoundedByWhatTheDoaReads() {
        MarmotConfig defaults = MarmotConfig.defaults();
        // 4 channels of 8192 floats (128 KiB) and their headers, to the KiB: twice the runtime's default bound.
        assertEquals(132_096, MarmotGraph.feedItemBytes(defaults));
        assertTrue(MarmotGraph.feedItemBytes(defaults) > ArraySource.CHANNELS * defaults.doaSamples() * Float.BYTES);
        MarmotConfig huge = withDoaSamples(defaults, 1 << 20);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> MarmotGraph.feedItemBytes(huge));
        assertTrue(e.getMessage().startsWith("with the DOA on the server each detection sends 1048576 samples of 4"
                + " channels, 16777642 bytes, more than the 16777216"), e.getMessage());
    }

    private static MarmotConfig withDoaSamples(MarmotConfig d, int samples) {
        return d.withDoaWindow(samples, d.doaLeadMillis());
    }
}
