package org.streamflex.runtime.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.streamflex.Capsule;
import org.streamflex.Channel;
import org.streamflex.Clock;
import org.streamflex.Deployment;
import org.streamflex.FloatChannel;
import org.streamflex.IntChannel;
import org.streamflex.StreamFlexError;
import org.streamflex.StreamFlexGraph;
import org.streamflex.runtime.ApiAccess;
import org.streamflex.runtime.net.CrossingLinks;
import org.streamflex.runtime.net.LinkCounters;
import org.streamflex.runtime.net.NetworkLinkClient;

/**
 * One graph class split between nodes and a server ({@code runOnServer}, {@link Deployment}): each
 * node runs its part and sends the crossing channel over loopback; the server merges every node's
 * items in order per node, and every item is delivered or counted.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class NodeServerTest {
    private static final InetSocketAddress ANY_PORT = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);

    /** Source -> Doubler on each node, -> Collector on the server (or Doubler too, if asked). */
    public static final class Split extends StreamFlexGraph {
        final Source source;
        final Doubler doubler;
        final Collector collector;

        Split(int node, int items, boolean doubleOnServer) {
            Clock clock = makeClock(50);
            source = makeFilter(Source.class);
            doubler = makeFilter(Doubler.class);
            collector = makeFilter(Collector.class);
            source.emit(node * 1_000_000, items);
            connect(clock, source);
            connect(source, doubler, 64);
            connect(doubler, collector, 256);
            if (doubleOnServer) {
                runOnServer(doubler, collector);
            } else {
                runOnServer(collector);
            }
            validate();
        }
    }

    /** Puts base, base+1, ... one per release, {@code count} in all. */
    public static final class Source extends org.streamflex.Filter {
        private IntChannel out;
        private int next;
        private int end;

        public void emit(int base, int count) {
            next = base;
            end = base + count;
        }

        @Override
        public void work() {
            if (next < end) {
                out.put(next++);
            }
        }
    }

    public static final class Doubler extends org.streamflex.Filter {
        private IntChannel in;
        private IntChannel out;

        @Override
        public void work() {
            while (in.size() > 0) {
                out.put(2 * in.take());
            }
        }
    }

    /** Counts what arrives, and values not above the last from the same node (value / 2_000_000). */
    public static final class Collector extends org.streamflex.Filter {
        private final int[] last = new int[16];
        private IntChannel in;
        public long received;
        public long outOfOrder;

        Collector() {
            java.util.Arrays.fill(last, -1);
        }

        @Override
        public void work() {
            while (in.size() > 0) {
                int v = in.take();
                int node = v / 2_000_000;
                if (last[node] >= 0 && v <= last[node]) { // gaps are items a node's full channel dropped, counted
                    outOfOrder++;
                }
                last[node] = v;
                received++;
            }
        }
    }

    @Test
    void threeNodesFeedOneServerEveryItemInOrderPerNode() throws Exception {
        int items = 3000;
        Split server = Deployment.server(ANY_PORT, List.of("n1", "n2", "n3")).pollMicros(200)
                .build(() -> new Split(0, 0, false));
        server.start();
        InetSocketAddress at = links(server).listeningAt();
        List<Split> nodes = new ArrayList<>();
        for (int n = 1; n <= 3; n++) {
            int node = n;
            nodes.add(Deployment.node("n" + n, at).build(() -> new Split(node, items, false)));
        }
        nodes.forEach(Split::start);
        // The contract holds on each node: a channel that is full when its producer puts drops and counts,
        // so on a loaded machine some items may end there. Every item is delivered or counted.
        waitFor(() -> nodes.stream().allMatch(n -> accountedFor(n, items))
                && server.collector.received == nodes.stream().mapToLong(NodeServerTest::accepted).sum(),
                () -> "server received " + server.collector.received + "; " + server.schedule()
                        + nodes.stream().map(n -> n.schedule() + n.counters().snapshot()).toList());
        for (Split node : nodes) {
            node.stop();
            node.awaitTermination(10, TimeUnit.SECONDS);
        }
        server.stop();
        server.awaitTermination(10, TimeUnit.SECONDS);
        assertEquals(0, server.collector.outOfOrder, server.schedule());
        for (int n = 0; n < 3; n++) {
            LinkCounters sent = links(nodes.get(n)).client(0).counters();
            LinkCounters got = links(server).receiver(0, n).counters();
            String state = "node " + sent + "; server " + got;
            assertEquals(sent.accepted(), sent.sent(), state);
            assertEquals(sent.sent(), sent.acknowledged(), state);
            assertEquals(sent.sent(), got.delivered(), state);
            assertEquals(0, got.droppedAtReceiver() + got.lostInTransit() + sent.lostInFlight(), state);
            assertEquals(got.delivered(), server.counters().value("link.n" + (n + 1)
                    + ":Doubler.out->Collector.in.delivered"));
            assertEquals(sent.sent(), nodes.get(n).counters().value("link.n" + (n + 1)
                    + ":Doubler.out->Collector.in.sent"));
        }
    }

    @Test
    void aNodeStartedBeforeItsServerSendsOnceTheServerListens() throws Exception {
        InetSocketAddress at = freePort();
        Split node = Deployment.node("early", at).build(() -> new Split(1, 500, false));
        node.start();
        NetworkLinkClient client = links(node).client(0);
        waitFor(() -> client.connectAttempts() >= 2, () -> "attempts " + client.connectAttempts());
        Split server = Deployment.server(at, List.of("early")).build(() -> new Split(0, 0, false));
        server.start();
        waitFor(() -> server.collector.received == 500, () -> "server received " + server.collector.received
                + "; " + client.lastProblem());
        node.stop();
        server.stop();
        assertEquals(0, server.collector.outOfOrder);
        assertEquals(1, client.connections());
    }

    @Test
    void movingAFilterToTheServerIsOneLineAndGivesTheSameItems() throws Exception {
        Split server = Deployment.server(ANY_PORT, List.of("n1")).pollMicros(200)
                .build(() -> new Split(0, 0, true));
        assertThrows(StreamFlexError.class, () -> server.channel(server.source, "out"),
                "the source runs on the nodes");
        server.start();
        Split node = Deployment.node("n1", links(server).listeningAt()).build(() -> new Split(1, 800, true));
        assertEquals("Source.out->Doubler.in", links(node).crossings().getFirst().name());
        node.start();
        waitFor(() -> server.collector.received == 800, () -> "server received " + server.collector.received);
        node.stop();
        server.stop();
        assertEquals(0, server.collector.outOfOrder);
    }

    @Test
    void aNodeTheServerDoesNotListIsRefusedAndTheServerKeepsRunning() throws Exception {
        Split server = Deployment.server(ANY_PORT, List.of("n1")).build(() -> new Split(0, 0, false));
        server.start();
        Split stranger = Deployment.node("n7", links(server).listeningAt()).build(() -> new Split(7, 100, false));
        stranger.start();
        NetworkLinkClient client = links(stranger).client(0);
        waitFor(() -> !client.isOpen(), client::lastProblem);
        assertTrue(client.lastProblem().contains("n7:Doubler.out->Collector.in"), client.lastProblem());
        assertTrue(client.lastProblem().contains("n1:Doubler.out->Collector.in"), client.lastProblem());
        stranger.stop();
        assertEquals(null, server.failure());
        server.stop();
        assertEquals(0, server.collector.received);
    }

    @Test
    void aChannelFromTheServerToTheNodesIsAValidationProblem() {
        StreamFlexError e = assertThrows(StreamFlexError.class,
                () -> Deployment.node("n1", ANY_PORT).build(Backwards::new));
        assertTrue(e.getMessage().contains("Doubler.out->Collector.in runs from Doubler on the server to Collector on"
                + " the nodes: channels cross from the nodes to the server only"), e.getMessage());
        Backwards whole = Deployment.whole().build(Backwards::new); // built whole, nothing crosses
        assertEquals(Deployment.Site.WHOLE, whole.deployment().site());
    }

    public static final class Backwards extends StreamFlexGraph {
        Backwards() {
            Clock clock = makeClock(100);
            Source source = makeFilter(Source.class);
            Doubler doubler = makeFilter(Doubler.class);
            Collector collector = makeFilter(Collector.class);
            connect(clock, source);
            connect(source, doubler, 8);
            connect(doubler, collector, 8);
            runOnServer(source, doubler);
            validate();
        }
    }

    @Test
    void capsulesDoNotCrossAndTheProblemSaysWhere() {
        StreamFlexError e = assertThrows(StreamFlexError.class,
                () -> Deployment.server(ANY_PORT, List.of("n1")).build(CapsuleCut::new));
        assertTrue(e.getMessage().contains("Maker.out->Taker.in carries Channel items from the nodes to the server:"
                + " only primitive channels"), e.getMessage());
    }

    public static final class Reading extends Capsule {
        public int value;

        private Reading() {
        }
    }

    public static final class Maker extends org.streamflex.Filter {
        private Channel<Reading> out;

        @Override
        public void work() {
            out.put(makeCapsule(Reading.class));
        }
    }

    public static final class Taker extends org.streamflex.Filter {
        private Channel<Reading> in;

        @Override
        public void work() {
            in.take();
        }
    }

    public static final class CapsuleCut extends StreamFlexGraph {
        CapsuleCut() {
            Clock clock = makeClock(100);
            Maker maker = makeFilter(Maker.class);
            Taker taker = makeFilter(Taker.class);
            connect(clock, maker);
            connect(maker, taker, 8);
            runOnServer(taker);
            validate();
        }
    }

    @Test
    void aGraphBuiltAsANodeButMarkingNoServerFilterIsRefused() {
        StreamFlexError e = assertThrows(StreamFlexError.class,
                () -> Deployment.node("n1", ANY_PORT).build(Unmarked::new));
        assertTrue(e.getMessage().contains("marks no filter runOnServer"), e.getMessage());
    }

    public static final class Unmarked extends StreamFlexGraph {
        Unmarked() {
            Clock clock = makeClock(100);
            Source source = makeFilter(Source.class);
            Collector collector = makeFilter(Collector.class);
            connect(clock, source);
            connect(source, collector, 8);
            validate();
        }
    }

    @Test
    void floatsCrossBitForBit() throws Exception {
        FloatCut server = Deployment.server(ANY_PORT, List.of("f")).pollMicros(200).build(FloatCut::new);
        server.start();
        FloatCut node = Deployment.node("f", links(server).listeningAt()).build(FloatCut::new);
        node.start();
        waitFor(() -> server.sink.received == FloatMaker.VALUES.length, () -> "received " + server.sink.received);
        node.stop();
        server.stop();
        assertEquals(0, server.sink.mismatches);
    }

    /** Floats whose bits a careless conversion would change: NaN payloads, -0, subnormals, infinities. */
    public static final class FloatMaker extends org.streamflex.Filter {
        static final int[] VALUES = {0x7fc00001, 0xffc12345, 0x80000000, 0x00000001, 0x7f800000, 0xff800000,
            0x3f800000, 0x7f7fffff};
        private FloatChannel out;
        private int next;

        @Override
        public void work() {
            if (next < VALUES.length) {
                out.put(Float.intBitsToFloat(VALUES[next++]));
            }
        }
    }

    public static final class FloatCheck extends org.streamflex.Filter {
        private FloatChannel in;
        public int received;
        public int mismatches;

        @Override
        public void work() {
            while (in.size() > 0) {
                if (Float.floatToRawIntBits(in.take()) != FloatMaker.VALUES[received++]) {
                    mismatches++;
                }
            }
        }
    }

    public static final class FloatCut extends StreamFlexGraph {
        final FloatCheck sink;

        FloatCut() {
            Clock clock = makeClock(100);
            FloatMaker maker = makeFilter(FloatMaker.class);
            sink = makeFilter(FloatCheck.class);
            connect(clock, maker);
            connect(maker, sink, 8);
            runOnServer(sink);
            validate();
        }
    }

    /** Whether every item the node's source made was dropped by a channel (counted) or taken by the link. */
    private static boolean accountedFor(Split node, int items) {
        var c = node.counters();
        return c.value("channel.Source.out->Doubler.in.dropped") + c.value("channel.Doubler.out->Collector.in.dropped")
                + accepted(node) == items;
    }

    private static long accepted(Split node) {
        return links(node).client(0).counters().accepted();
    }

    private static CrossingLinks links(StreamFlexGraph graph) {
        CrossingLinks links = ((RuntimeGraph) ApiAccess.assemblyOf(graph)).crossingLinks();
        assertNotNull(links, "the graph was built as a node or the server");
        return links;
    }

    private static InetSocketAddress freePort() throws Exception {
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return new InetSocketAddress(InetAddress.getLoopbackAddress(), probe.getLocalPort());
        }
    }

    private static void waitFor(BooleanSupplier done, Supplier<String> state) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not reached within 60 s: " + state.get());
            }
            Thread.sleep(5);
        }
    }
}
