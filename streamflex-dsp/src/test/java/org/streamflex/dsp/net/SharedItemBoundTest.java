package org.streamflex.dsp.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.streamflex.Deployment;
import org.streamflex.StreamFlexError;
import org.streamflex.runtime.net.LinkCounters;

/**
 * The bound on a shared value crossing a split graph ({@link Deployment#maxSharedItemBytes(int)}):
 * raised on both sides, segments larger than 64 KiB cross bit for bit; at the default they are dropped at
 * the node and counted; a node and a server that give different bounds are refused, naming both.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class SharedItemBoundTest {
    private static final InetSocketAddress ANY_PORT = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
    /**
     * 68,000 bytes of floats: more than the default bound. (Not much more: each side's queue holds 64
     * items at the bound, twice over, and the suite also runs this class in a JVM of 64 MiB.)
     */
    private static final int SAMPLES = 17_000;
    private static final int BOUND = 70 << 10;

    @Test
    void segmentsLargerThanTheDefaultBoundCrossBitForBitUnderARaisedOne() throws Exception {
        crossUnder(d -> d.maxSharedItemBytes(BOUND), 100, "n1:Maker.out->Checker.in [items up to " + BOUND + " bytes]");
    }

    @Test
    void aBoundGivenToTheChannelAloneRaisesItAndNamesItInTheLink() throws Exception {
        crossUnder(d -> d.maxSharedItemBytes("Maker.out", BOUND), 50,
                "n1:Maker.out->Checker.in [items up to " + BOUND + " bytes]");
    }

    /**
     * Sends {@code segments} larger than the default bound from a node to the server, both deployed
     * with {@code bound}; checks that they cross bit for bit, none counted too large, on a link of
     * that {@code channel} name.
     */
    private static void crossUnder(UnaryOperator<Deployment> bound, int segments, String channel) throws Exception {
        LargeSegmentSplit server = bound.apply(Deployment.server(ANY_PORT, List.of("n1")).pollMicros(200))
                .build(() -> new LargeSegmentSplit(0, 1000, SAMPLES));
        server.start();
        LargeSegmentSplit node = bound.apply(Deployment.node("n1", SegmentCrossingTest.links(server).listeningAt()))
                .build(() -> new LargeSegmentSplit(segments, 2000, SAMPLES));
        node.start();
        SegmentCrossingTest.waitFor(() -> server.checker.received + dropped(node) == segments,
                () -> server.schedule() + node.schedule());
        node.stop();
        node.awaitTermination(10, TimeUnit.SECONDS);
        server.stop();
        server.awaitTermination(10, TimeUnit.SECONDS);
        assertEquals(0, server.checker.wrong, "every segment arrives bit for bit");
        assertTrue(server.checker.received > 0, "some segments crossed: " + server.schedule());
        LinkCounters sent = SegmentCrossingTest.links(node).client(0).counters();
        LinkCounters got = SegmentCrossingTest.links(server).receiver(0, 0).counters();
        assertEquals(0, sent.tooLarge(), sent.toString());
        assertEquals(sent.sent(), got.delivered(), "node " + sent + "; server " + got);
        assertEquals(channel, SegmentCrossingTest.links(server).receiver(0, 0).identity().channel(),
                "the bound is part of the link's identity");
    }

    @Test
    void atTheDefaultBoundTheyAreDroppedAtTheNodeAndCounted() throws Exception {
        int segments = 20;
        LargeSegmentSplit server = Deployment.server(ANY_PORT, List.of("n1")).pollMicros(200)
                .build(() -> new LargeSegmentSplit(0, 1000, SAMPLES));
        server.start();
        LargeSegmentSplit node = Deployment.node("n1", SegmentCrossingTest.links(server).listeningAt())
                .build(() -> new LargeSegmentSplit(segments, 2000, SAMPLES));
        node.start();
        String tooLarge = "link.n1:Maker.out->Checker.in.tooLarge";
        SegmentCrossingTest.waitFor(() -> node.counters().value(tooLarge)
                + node.counters().value("channel.Maker.out->Checker.in.dropped") == segments, () -> node.schedule());
        node.stop();
        node.awaitTermination(10, TimeUnit.SECONDS);
        server.stop();
        server.awaitTermination(10, TimeUnit.SECONDS);
        assertEquals(0, server.checker.received, "no segment larger than the bound crossed");
        assertEquals(0, SegmentCrossingTest.links(node).client(0).counters().sent());
    }

    @Test
    void aNodeWhoseBoundDiffersFromTheServersIsRefusedNamingBoth() throws Exception {
        LargeSegmentSplit server = Deployment.server(ANY_PORT, List.of("n1")).maxSharedItemBytes(BOUND)
                .build(() -> new LargeSegmentSplit(0, 1000, SAMPLES));
        server.start();
        LargeSegmentSplit node = Deployment.node("n1", SegmentCrossingTest.links(server).listeningAt())
                .build(() -> new LargeSegmentSplit(1, 2000, 64));
        node.start();
        try {
            SegmentCrossingTest.waitFor(() -> SegmentCrossingTest.links(node).client(0).lastProblem()
                    .contains("[items up to " + BOUND + " bytes]"), () -> SegmentCrossingTest.links(node).client(0)
                    .lastProblem());
            String problem = SegmentCrossingTest.links(node).client(0).lastProblem();
            assertTrue(problem.contains("channel n1:Maker.out->Checker.in of shared values"), problem);
            assertEquals(0, SegmentCrossingTest.links(node).client(0).connections(), problem);
        } finally {
            node.stop();
            node.awaitTermination(10, TimeUnit.SECONDS);
            server.stop();
            server.awaitTermination(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void aBoundOutsideItsRangeIsRefusedNamingTheRange() {
        StreamFlexError small = assertThrows(StreamFlexError.class,
                () -> Deployment.node("n1", ANY_PORT).maxSharedItemBytes(512));
        assertEquals("a shared value crossing machines may be given 1024 to 16777216 bytes (1 KiB to 16 MiB), not"
                + " 512 (every shared crossing channel)", small.getMessage());
        assertThrows(StreamFlexError.class, () -> Deployment.whole().maxSharedItemBytes((16 << 20) + 1));
        assertEquals(16 << 20, Deployment.whole().maxSharedItemBytes(16 << 20).maxSharedItemBytes());
        assertEquals(Deployment.DEFAULT_MAX_SHARED_ITEM_BYTES, Deployment.whole().maxSharedItemBytes());
    }

    private static long dropped(LargeSegmentSplit node) {
        return node.counters().value("channel.Maker.out->Checker.in.dropped");
    }
}
