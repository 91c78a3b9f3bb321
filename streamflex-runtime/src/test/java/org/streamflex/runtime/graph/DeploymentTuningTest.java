package org.streamflex.runtime.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.streamflex.Deployment;
import org.streamflex.StreamFlexError;
import org.streamflex.runtime.ApiAccess;
import org.streamflex.runtime.graph.NodeServerTest.Split;
import org.streamflex.runtime.net.CrossingLinks;

/**
 * What a deployment tunes on its links beyond where they go: the stall timeout, and the bound on
 * shared values for every crossing channel or one; from code and from the system properties.
 */
class DeploymentTuningTest {
    private static final InetSocketAddress ANY_PORT = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);

    @Test
    void aNodesLinksUseTheDeploymentsStallTimeout() throws Exception {
        // Nobody listens there: the node's link keeps trying, which is all this needs.
        Split node = Deployment.node("n1", ANY_PORT).stallTimeout(Duration.ofSeconds(3))
                .build(() -> new Split(1, 10, true));
        node.start();
        try {
            CrossingLinks links = ((RuntimeGraph) ApiAccess.assemblyOf(node)).crossingLinks();
            assertEquals(Duration.ofSeconds(3), links.client(0).settings().stallTimeout());
        } finally {
            node.stop();
            node.awaitTermination(20, TimeUnit.SECONDS);
        }
        assertEquals(Deployment.DEFAULT_STALL_TIMEOUT, Deployment.node("n1", ANY_PORT).stallTimeout());
        StreamFlexError shortOne = assertThrows(StreamFlexError.class,
                () -> Deployment.node("n1", ANY_PORT).stallTimeout(Duration.ofMillis(300)));
        assertEquals("stall timeout 300 ms is shorter than 1000 ms: a live peer beats only every 200 ms",
                shortOne.getMessage());
    }

    @Test
    void aChannelsOwnBoundOverridesTheDeploymentsForThatChannelOnly() {
        Deployment d = Deployment.server(ANY_PORT, java.util.List.of("n1")).maxSharedItemBytes(1 << 17)
                .maxSharedItemBytes("Doa.out", 1 << 20);
        assertEquals(1 << 20, d.maxSharedItemBytes("Doa.out"));
        assertEquals(1 << 17, d.maxSharedItemBytes("Other.out"));
        assertEquals(Map.of("Doa.out", 1 << 20), d.sharedItemBounds());
        StreamFlexError badEnd = assertThrows(StreamFlexError.class, () -> d.maxSharedItemBytes("Doa", 4096));
        assertTrue(badEnd.getMessage().contains("name the channel by its producer end, Filter.field"),
                badEnd.getMessage());
        StreamFlexError tooBig = assertThrows(StreamFlexError.class, () -> d.maxSharedItemBytes("Doa.out", 1 << 25));
        assertTrue(tooBig.getMessage().contains("not 33554432 (producer end Doa.out)"), tooBig.getMessage());
    }

    @Test
    void aBoundOnAChannelOfNoSharedValuesIsAValidationProblemNamingIt() {
        StreamFlexError e = assertThrows(StreamFlexError.class, () -> Deployment.node("n1", ANY_PORT)
                .maxSharedItemBytes("Source.out", 4096).build(() -> new Split(1, 10, false)));
        assertTrue(e.getMessage().contains("the deployment bounds the shared values of Source.out, which is not the"
                + " producer end of a channel of shared values that crosses between the nodes and the server; those"
                + " are []"), e.getMessage());
    }

    @Test
    void theStallTimeoutAndTheBoundsComeFromTheSystemProperties() {
        Map<String, String> properties = Map.of("streamflex.site", "node", "streamflex.node", "n1",
                "streamflex.server", "127.0.0.1:7400", "streamflex.net.stallTimeoutMillis", "3000",
                "streamflex.net.maxSharedItemBytes", "131072, Doa.out=262144");
        properties.forEach(System::setProperty);
        try {
            Deployment d = Deployment.fromProperties();
            assertEquals(Duration.ofSeconds(3), d.stallTimeout());
            assertEquals(131072, d.maxSharedItemBytes());
            assertEquals(262144, d.maxSharedItemBytes("Doa.out"));
            System.setProperty("streamflex.net.maxSharedItemBytes", "Doa.out=lots");
            StreamFlexError e = assertThrows(StreamFlexError.class, Deployment::fromProperties);
            assertEquals("streamflex.net.maxSharedItemBytes: \"Doa.out=lots\" is not bytes or Filter.field=bytes",
                    e.getMessage());
        } finally {
            properties.keySet().forEach(System::clearProperty);
        }
    }

    @Test
    void aRevocationListNeedsTls() throws Exception {
        Split node = Deployment.node("n1", ANY_PORT).revocationList(java.nio.file.Path.of("revoked.crl"))
                .build(() -> new Split(1, 10, true));
        StreamFlexError e = assertThrows(StreamFlexError.class, node::start);
        assertTrue(e.getMessage().contains("the revocation list revoked.crl is checked at the TLS handshake, and the"
                + " deployment has no TLS"), e.getMessage());
        Map<String, String> properties = Map.of("streamflex.site", "node", "streamflex.node", "n1",
                "streamflex.server", "127.0.0.1:7400", "streamflex.net.crlFile", "revoked.crl");
        properties.forEach(System::setProperty);
        try {
            StreamFlexError fromProperties = assertThrows(StreamFlexError.class, Deployment::fromProperties);
            assertTrue(fromProperties.getMessage().startsWith("streamflex.net.crlFile=revoked.crl needs TLS"),
                    fromProperties.getMessage());
        } finally {
            properties.keySet().forEach(System::clearProperty);
        }
    }
}
