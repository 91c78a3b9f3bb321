package org.streamflex.samples.marmot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The command's options for a run split between node JVMs and a server: what is wrong is said, exit 2. */
class SplitCommandTest {
    private static void assertUsage(String message, String... args) {
        Run run = Run.of(args);
        assertEquals(ExitCode.USAGE.code(), run.exit(), run.out() + run.err());
        assertTrue(run.err().contains(message), run.err());
    }

    @Test
    void aNodeIdNotInTheDeploymentIsAUsageErrorNamingTheNodes() {
        assertUsage("--node Z: scenes/small/nodes.csv has no node Z; its nodes are [A, B, C]",
                "--site", "node", "--node", "Z", "--scene", "scenes/small", "--server", "127.0.0.1:7400");
    }

    @Test
    void eachSiteSaysWhichOptionsItNeedsAndRefusesTheOthers() {
        assertUsage("--site node needs --server: the server's HOST:PORT",
                "--site", "node", "--node", "A", "--scene", "scenes/small");
        assertUsage("--site node needs --node", "--site", "node", "--scene", "scenes/small", "--server", "h:1");
        assertUsage("--site server needs --listen", "--site", "server", "--scene", "scenes/small");
        assertUsage("--node is not an option of --site server",
                "--site", "server", "--node", "A", "--scene", "scenes/small", "--listen", "127.0.0.1:7400");
        assertUsage("--max-plots is not an option of --site node", "--site", "node", "--node", "A", "--scene",
                "scenes/small", "--server", "127.0.0.1:7400", "--max-plots", "3");
        assertUsage("--listen is not an option of --site whole", "--scene", "scenes/small", "--listen", "h:1");
        assertUsage("--site: \"everywhere\" is not whole, node or server", "--site", "everywhere", "--scene",
                "scenes/small");
        assertUsage("--server: \"127.0.0.1\" is not HOST:PORT", "--site", "node", "--node", "A", "--scene",
                "scenes/small", "--server", "127.0.0.1");
        assertUsage("--speed: 0 is outside", "--site", "node", "--node", "A", "--scene", "scenes/small",
                "--server", "127.0.0.1:7400", "--speed", "0");
    }

    @Test
    void aServerAskedToListenBeyondLoopbackWithoutTlsSaysSoAndExits1() {
        Run run = Run.of("--site", "server", "--scene", "scenes/small", "--listen", "0.0.0.0:0", "--timeout", "5");
        assertEquals(ExitCode.FAILURE.code(), run.exit(), run.out() + run.err());
        assertTrue(run.err().contains("not a loopback address"), run.err());
    }
}
