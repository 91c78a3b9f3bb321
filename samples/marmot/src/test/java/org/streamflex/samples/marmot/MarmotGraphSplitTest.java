package org.streamflex.samples.marmot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

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
    void theDoaMovedToTheServerIsRefusedOnBothSidesNamingWhatIsMissing() throws Exception {
        Deployment scene = scene();
        MarmotConfig config = MarmotConfig.defaults();
        IllegalStateException node = assertThrows(IllegalStateException.class, () -> org.streamflex.Deployment
                .node("A", SERVER).build(() -> MarmotGraph.forNode(config, scene, 0, 44_100, 23_220, true)));
        assertTrue(node.getMessage().startsWith("the DOA on the server is not built: a MarmotDoa is configured with"
                + " one node's microphones"), node.getMessage());
        IllegalStateException server = assertThrows(IllegalStateException.class, () -> org.streamflex.Deployment
                .server(SERVER, List.of("A", "B", "C")).build(() -> MarmotGraph.forServer(config, scene, true)));
        assertTrue(server.getMessage().contains("more than the 64 KiB a segment crossing machines may carry"),
                server.getMessage());
        // Built whole, the same graph runs in one JVM: the mark changes nothing there.
        MarmotGraph whole = org.streamflex.Deployment.whole()
                .build(() -> MarmotGraph.forNode(config, scene, 0, 44_100, 0, true));
        assertEquals(org.streamflex.Deployment.Site.WHOLE, whole.deployment().site());
    }
}
