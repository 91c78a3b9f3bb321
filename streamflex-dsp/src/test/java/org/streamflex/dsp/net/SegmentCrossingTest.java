package org.streamflex.dsp.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.streamflex.Deployment;
import org.streamflex.StreamFlexGraph;
import org.streamflex.runtime.ApiAccess;
import org.streamflex.runtime.graph.RuntimeGraph;
import org.streamflex.runtime.net.CrossingLinks;
import org.streamflex.runtime.net.ElementKind;
import org.streamflex.runtime.net.LinkCounters;

/**
 * A graph whose channels of segments ({@code SharedChannel<FloatSeg>}, {@code SharedChannel<SegTuple>})
 * cross from a node to the server, both in this JVM over loopback: every segment arrives with its
 * timebase, start sample, length and samples bit for bit, and the counts of both sides agree.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class SegmentCrossingTest {
    private static final InetSocketAddress ANY_PORT = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);

    @Test
    void segmentsAndTuplesCrossBitForBitAndEveryOneIsCounted() throws Exception {
        int segments = 2000;
        SegmentSplit server = Deployment.server(ANY_PORT, List.of("n1")).pollMicros(200)
                .build(() -> new SegmentSplit(0, 1000));
        server.start();
        SegmentSplit node = Deployment.node("n1", links(server).listeningAt())
                .build(() -> new SegmentSplit(segments, 200));
        CrossingLinks nodeLinks = links(node);
        assertEquals(ElementKind.SHARED, nodeLinks.crossings().get(0).kind());
        assertEquals("Maker.out->Checker.in", nodeLinks.crossings().get(0).name());
        node.start();
        // Lossless on the wire; on a loaded machine the node's own channel may drop (and count) when full.
        waitFor(() -> server.checker.received + server.checker.tuplesReceived + dropped(node) == 2L * segments,
                () -> "server received " + server.checker.received + " segments, " + server.checker.tuplesReceived
                        + " tuples; node dropped " + dropped(node) + "; " + server.schedule() + node.schedule());
        node.stop();
        node.awaitTermination(10, TimeUnit.SECONDS);
        server.stop();
        server.awaitTermination(10, TimeUnit.SECONDS);
        assertEquals(0, server.checker.wrong, "every segment and tuple arrives bit for bit");
        for (int c = 0; c < 2; c++) {
            LinkCounters sent = links(node).client(c).counters();
            LinkCounters got = links(server).receiver(c, 0).counters();
            String state = "node " + sent + "; server " + got;
            assertEquals(sent.accepted(), sent.sent(), state);
            assertEquals(sent.sent(), got.delivered(), state);
            assertEquals(0, got.droppedAtReceiver() + got.lostInTransit() + sent.lostInFlight() + sent.tooLarge(),
                    state);
        }
        String segmentLink = "link.n1:Maker.out->Checker.in.";
        assertEquals(server.checker.received, server.counters().value(segmentLink + "taken"));
        assertEquals(server.counters().value(segmentLink + "delivered"), node.counters().value(segmentLink + "sent"));
        assertEquals(0, node.counters().value(segmentLink + "tooLarge"));
        assertEquals(server.checker.tuplesReceived, server.counters().value("link.n1:Maker.tuples->Checker.tuples"
                + ".taken"));
    }

    /** What the node's channels dropped, full: counted there, never sent. */
    private static long dropped(SegmentSplit node) {
        return node.counters().value("channel.Maker.out->Checker.in.dropped")
                + node.counters().value("channel.Maker.tuples->Checker.tuples.dropped");
    }

    static CrossingLinks links(StreamFlexGraph graph) {
        CrossingLinks links = ((RuntimeGraph) ApiAccess.assemblyOf(graph)).crossingLinks();
        assertNotNull(links, "the graph was built as a node or the server");
        return links;
    }

    static void waitFor(BooleanSupplier done, Supplier<String> state) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not reached within 90 s: " + state.get());
            }
            Thread.sleep(5);
        }
    }
}
