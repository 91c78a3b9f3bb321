package org.streamflex.samples.marmot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A node or server of a split run whose peers never come: it stops at its timeout, says so, and exits 6. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class SplitRunTimeoutTest {
    @Test
    void aNodeWhoseServerNeverAnswersStopsAtItsTimeoutWithItsItemsUnacknowledged() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort(); // closed again: nothing listens there
        }
        Run run = Run.of("--site", "node", "--node", "B", "--scene", "scenes/small", "--server", "127.0.0.1:" + port,
                "--speed", "20", "--timeout", "3");
        assertEquals(ExitCode.INCOMPLETE.code(), run.exit(), run.out() + run.err());
        assertTrue(run.err().contains("marmot: node B stopped after its timeout of 3.0 s before the server"
                + " acknowledged every item"), run.err());
        assertTrue(run.out().contains("# node B: 2.0 s of audio at 44100 Hz, 2 detections and 6 marks sent"),
                run.out());
        assertTrue(run.out().contains("acknowledged 0,"), run.out());
    }

    @Test
    void aServerWhoseNodesNeverEndStopsAtItsTimeoutNamingThem() {
        Run run = Run.of("--site", "server", "--scene", "scenes/small", "--listen", "127.0.0.1:0", "--timeout", "1",
                "--plots", "none");
        assertEquals(ExitCode.INCOMPLETE.code(), run.exit(), run.out() + run.err());
        assertTrue(run.err().contains("the timeout of 1.0 s came before the end marks of nodes [A, B, C]"),
                run.err());
        assertTrue(run.out().contains("# 3 nodes, 0.0 s of audio, 0 detections, 0 locations"), run.out());
        assertTrue(run.out().contains("# link C:Joiner.out->doa-log.in: delivered 0, taken 0"), run.out());
    }
}
