package org.streamflex.runtime.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.streamflex.Deployment;
import org.streamflex.StreamFlexError;
import org.streamflex.runtime.TemporaryProperty;

/** What the streamflex.site properties deploy, and the messages of every mistake in them. */
class DeploymentTest {
    @Test
    void withoutPropertiesTheWholeGraphRunsHere() {
        assertEquals(Deployment.Site.WHOLE, Deployment.fromProperties().site());
    }

    @Test
    void aNodeReadsItsIdAndTheServersAddress() {
        try (var _ = TemporaryProperty.set("streamflex.site", "node");
                var _ = TemporaryProperty.set("streamflex.node", "n-1.a");
                var _ = TemporaryProperty.set("streamflex.server", "127.0.0.1:7411")) {
            Deployment d = Deployment.fromProperties();
            assertEquals(Deployment.Site.NODE, d.site());
            assertEquals("n-1.a", d.node());
            assertEquals("127.0.0.1", d.server().getHostString());
            assertEquals(7411, d.server().getPort());
            assertEquals(false, d.isSecured());
        }
    }

    @Test
    void theServerReadsItsInventoryFromAFileWithComments(@TempDir Path dir) throws Exception {
        Path inventory = dir.resolve("nodes.txt");
        Files.writeString(inventory, "# marmot array\nn1\n n2  # by the burrow\n\nn3\n");
        try (var _ = TemporaryProperty.set("streamflex.site", "SERVER");
                var _ = TemporaryProperty.set("streamflex.server", "[::1]");
                var _ = TemporaryProperty.set("streamflex.nodes", "@" + inventory)) {
            Deployment d = Deployment.fromProperties();
            assertEquals(List.of("n1", "n2", "n3"), d.nodes());
            assertEquals(Deployment.DEFAULT_PORT, d.server().getPort());
            assertEquals("::1", d.server().getAddress().getHostAddress().replaceAll("^0:0:0:0:0:0:0:1$", "::1"));
        }
    }

    @Test
    void eachMissingOrMalformedPropertyIsNamed() {
        assertMessage("streamflex.site=node needs streamflex.server", "streamflex.site", "node");
        assertMessage("streamflex.site=node needs streamflex.node", "streamflex.site", "node",
                "streamflex.server", "h:1");
        assertMessage("streamflex.site=server needs streamflex.nodes", "streamflex.site", "server",
                "streamflex.server", "127.0.0.1:1");
        assertMessage("the port is not a number from 0 to 65535", "streamflex.site", "node", "streamflex.node", "a",
                "streamflex.server", "h:99999");
        assertMessage("write an IPv6 address in brackets", "streamflex.site", "node", "streamflex.node", "a",
                "streamflex.server", "::1:7400");
        assertMessage("system property streamflex.site=nodes is not one of whole, node, server", "streamflex.site",
                "nodes");
        assertMessage("node id \"n 1\" is not 1 to 64 letters", "streamflex.site", "node", "streamflex.node", "n 1",
                "streamflex.server", "h:1");
        assertMessage("the node inventory names node n1 twice", "streamflex.site", "server", "streamflex.server",
                "127.0.0.1:1", "streamflex.nodes", "n1, n2,n1");
        assertMessage("TLS needs all three of streamflex.net.keyStore, streamflex.net.trustStore and"
                + " streamflex.net.passwordFile", "streamflex.site", "node", "streamflex.node", "a",
                "streamflex.server", "h:1", "streamflex.net.keyStore", "k.p12");
        assertMessage("streamflex.net.passwordFile: cannot read", "streamflex.site", "node", "streamflex.node", "a",
                "streamflex.server", "h:1", "streamflex.net.keyStore", "k.p12", "streamflex.net.trustStore", "t.p12",
                "streamflex.net.passwordFile", "/nonexistent/password");
    }

    @Test
    void aScopedDeploymentWinsOverTheProperties() {
        try (var _ = TemporaryProperty.set("streamflex.site", "node")) {
            Deployment d = Deployment.whole().build(() -> new TestGraph()).deployment();
            assertEquals(Deployment.Site.WHOLE, d.site());
        }
    }

    @Test
    void theServersPasswordIsCopiedNotShared(@TempDir Path dir) {
        char[] password = "secret".toCharArray();
        Deployment d = Deployment.server(new InetSocketAddress(0), List.of("n1"))
                .secured(dir.resolve("k.p12"), dir.resolve("t.p12"), password);
        password[0] = 'X';
        assertEquals("secret", new String(d.password()));
        assertTrue(d.isSecured());
    }

    private static void assertMessage(String expected, String... properties) {
        TemporaryProperty[] set = new TemporaryProperty[properties.length / 2];
        try {
            for (int i = 0; i < set.length; i++) {
                set[i] = TemporaryProperty.set(properties[2 * i], properties[2 * i + 1]);
            }
            StreamFlexError e = assertThrows(StreamFlexError.class, Deployment::fromProperties);
            assertTrue(e.getMessage().contains(expected), e.getMessage());
        } finally {
            for (int i = set.length - 1; i >= 0; i--) {
                if (set[i] != null) {
                    set[i].close();
                }
            }
        }
    }
}
