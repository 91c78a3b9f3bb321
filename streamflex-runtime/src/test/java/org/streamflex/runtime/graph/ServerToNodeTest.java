package org.streamflex.runtime.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.streamflex.Channel;
import org.streamflex.Clock;
import org.streamflex.Deployment;
import org.streamflex.Filter;
import org.streamflex.LongChannel;
import org.streamflex.StreamFlexError;
import org.streamflex.StreamFlexGraph;
import org.streamflex.runtime.ApiAccess;
import org.streamflex.runtime.graph.NodeServerTest.Checker;
import org.streamflex.runtime.graph.NodeServerTest.Collector;
import org.streamflex.runtime.graph.NodeServerTest.Doubler;
import org.streamflex.runtime.graph.NodeServerTest.Reading;
import org.streamflex.runtime.graph.NodeServerTest.Source;
import org.streamflex.runtime.net.CrossingDirection;
import org.streamflex.runtime.net.CrossingLinks;
import org.streamflex.runtime.net.LinkCounters;
import org.streamflex.runtime.net.LinkMode;
import org.streamflex.runtime.net.ServerLinkSender;

/**
 * Channels from a server filter to a node filter of one split graph: the server sends every item to
 * every node of its inventory (a broadcast), on connections the nodes open; each node's link is
 * counted on its own, and a node that stops and comes back leaves the server's graph running, with
 * every item delivered to it or counted.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class ServerToNodeTest {
    private static final InetSocketAddress ANY_PORT = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
    /** Mixes every bit of the 64 into each item, so that a changed bit changes the number it decodes to. */
    static final long MASK = 0xA5A5_5A5A_F00F_0FF0L;

    /** On the server: puts pattern(0), pattern(1), ..., one per release, as many as the test allowed. */
    public static final class Ticker extends Filter {
        private LongChannel out;
        private volatile long allowed;
        private volatile long made;

        /** Test thread: lets it make {@code more} items. */
        @SuppressWarnings("NonAtomicVolatileUpdate") // the test thread is the only writer
        public void allow(long more) {
            allowed = allowed + more;
        }

        public long made() {
            return made;
        }

        @Override
        public void work() {
            long m = made;
            if (m < allowed) {
                out.put(Long.reverse(m) ^ MASK);
                made = m + 1;
            }
        }
    }

    /** On each node: decodes each item's number; counts what arrives, numbers skipped and numbers going back. */
    public static final class Follower extends Filter {
        private LongChannel in;
        private volatile long received;
        private long first = -1;
        private long next;
        private long skipped;
        private long backwards;

        @Override
        public void work() {
            long r = received;
            while (in.size() > 0) {
                long sequence = Long.reverse(in.take() ^ MASK);
                if (first < 0) {
                    first = sequence;
                    next = sequence;
                }
                if (sequence < next) {
                    backwards++;
                } else {
                    skipped += sequence - next;
                    next = sequence + 1;
                }
                r++;
            }
            received = r;
        }

        long received() {
            return received;
        }
    }

    /** On the server: one reading per release, numbered 0, 1, ..., as many as the test allowed. */
    public static final class ReadingTicker extends Filter {
        private Channel<Reading> out;
        private volatile long allowed;
        private volatile long made;

        @SuppressWarnings("NonAtomicVolatileUpdate") // the test thread is the only writer
        public void allow(long more) {
            allowed = allowed + more;
        }

        public long made() {
            return made;
        }

        @Override
        public void work() {
            long m = made;
            if (m < allowed) {
                Reading r = makeCapsule(Reading.class);
                r.fill(1, m);
                out.put(r);
                made = m + 1;
            }
        }
    }

    /** Ticker -> Follower and ReadingTicker -> Checker, both from the server to the nodes. */
    public static final class Broadcast extends StreamFlexGraph {
        final Ticker ticker;
        final Follower follower;
        final ReadingTicker readings;
        final Checker checker;

        Broadcast() {
            Clock clock = makeClock(100);
            Clock capsuleClock = makeClock(200);
            ticker = makeFilter(Ticker.class);
            follower = makeFilter(Follower.class);
            readings = makeFilter(ReadingTicker.class);
            checker = makeFilter(Checker.class);
            connect(clock, ticker);
            connect(ticker, follower, 256);
            connect(capsuleClock, readings);
            connect(readings, checker, 64);
            runOnServer(ticker, readings);
            validate();
        }
    }

    @Test
    void everyItemReachesEveryNodeBitForBitAndEachNodesCountsReconcile() throws Exception {
        int items = 4000;
        int capsules = 1500;
        List<String> inventory = List.of("n1", "n2", "n3");
        Broadcast server = Deployment.server(ANY_PORT, inventory).build(Broadcast::new);
        server.start();
        CrossingLinks serverLinks = links(server);
        assertEquals(CrossingDirection.TO_NODES, serverLinks.crossings().get(0).direction());
        assertEquals(LinkMode.CREDIT, serverLinks.crossings().get(0).mode(), "lossless by default");
        List<Broadcast> nodes = new ArrayList<>();
        for (String id : inventory) {
            nodes.add(Deployment.node(id, serverLinks.listeningAt()).pollMicros(200).build(Broadcast::new));
        }
        nodes.forEach(Broadcast::start);
        waitFor(() -> allLinked(serverLinks, 2, inventory.size()), server::schedule);
        server.ticker.allow(items);
        server.readings.allow(capsules);
        long[] drops = new long[2];
        waitFor(() -> {
            drops[0] = server.counters().value("channel.Ticker.out->Follower.in.dropped");
            drops[1] = server.counters().value("channel.ReadingTicker.out->Checker.in.dropped");
            return nodes.stream().allMatch(n -> n.follower.received() + drops[0] == items
                    && n.checker.received + drops[1] == capsules);
        }, () -> server.schedule() + nodes.stream().map(Broadcast::schedule).toList());
        server.stop();
        server.awaitTermination(20, TimeUnit.SECONDS);
        for (Broadcast node : nodes) {
            node.stop();
            node.awaitTermination(20, TimeUnit.SECONDS);
        }
        assertNull(server.failure());
        for (int n = 0; n < inventory.size(); n++) {
            Broadcast node = nodes.get(n);
            String id = inventory.get(n);
            String state = id + ": " + server.schedule() + node.schedule();
            for (int c = 0; c < 2; c++) {
                LinkCounters sent = serverLinks.sender(c, n).counters();
                LinkCounters got = links(node).receivingClient(c).receiver().counters();
                long offered = (c == 0 ? items : capsules) - drops[c];
                assertEquals(offered, sent.accepted(), state);
                assertEquals(sent.accepted(), sent.sent(), state);
                assertEquals(sent.sent(), sent.acknowledged(), state);
                assertEquals(0, sent.droppedAtSender() + sent.lostInFlight() + sent.lostInTransit()
                        + sent.discardedAtClose(), state);
                assertEquals(sent.sent(), got.delivered(), state);
                assertEquals(0, got.droppedAtReceiver() + got.droppedAtSender() + got.lostInTransit(), state);
            }
            assertEquals(0, node.follower.backwards, state);
            assertEquals(drops[0], node.follower.skipped, "what a node misses is what the server's channel dropped");
            assertEquals(0, node.checker.wrong, "every capsule arrives whole, bit for bit, in order");
            assertEquals(capsules - drops[1], node.checker.perNode(1), state);
            String link = "link." + id + ":Ticker.out->Follower.in.";
            assertEquals(items - drops[0], server.counters().value(link + "sent"), state);
            assertEquals(items - drops[0], node.counters().value(link + "delivered"), state);
            assertEquals(items - drops[0], node.counters().value(link + "taken"), "moved into the node's graph");
            assertEquals(0, node.counters().value(link + "unread"), state);
            assertEquals(1, node.counters().value(link + "connections"), state);
        }
    }

    @Test
    void aNodeStoppedAndRestartedMidStreamLeavesTheServerRunningAndEveryItemCounted() throws Exception {
        Broadcast server = Deployment.server(ANY_PORT, List.of("n1", "n2")).build(Broadcast::new);
        server.start();
        InetSocketAddress at = links(server).listeningAt();
        Broadcast n1 = Deployment.node("n1", at).pollMicros(200).build(Broadcast::new);
        Broadcast first = Deployment.node("n2", at).pollMicros(200).build(Broadcast::new);
        n1.start();
        first.start();
        ServerLinkSender toN1 = links(server).sender(0, 0);
        ServerLinkSender toN2 = links(server).sender(0, 1);
        waitFor(() -> toN1.isLinked() && toN2.isLinked(), server::schedule);
        server.ticker.allow(600);
        waitFor(() -> server.ticker.made() == 600 && settled(server, n1, 0) && settled(server, first, 1),
                () -> server.schedule() + first.schedule());
        first.stop();
        first.awaitTermination(20, TimeUnit.SECONDS);
        waitFor(() -> !toN2.isLinked(), server::schedule);
        long acceptedBefore = toN2.counters().accepted();
        server.ticker.allow(3000); // more than n2's link queues while it is down
        waitFor(() -> server.ticker.made() == 3600 && settled(server, n1, 0)
                && toN2.counters().accepted() == toN1.counters().accepted(), server::schedule);
        assertNull(server.failure(), "the server's graph runs on while a node is down");
        long whileDown = toN2.counters().accepted() - acceptedBefore;
        assertTrue(toN2.counters().droppedAtSender() > 0, "a full queue for a node that is down drops: "
                + toN2.counters());
        assertEquals(whileDown, toN2.queued() + toN2.counters().droppedAtSender(),
                "queued up to the bound, the rest dropped and counted: " + toN2.counters());
        assertEquals(0, toN1.counters().droppedAtSender(), "the other node misses nothing");

        Broadcast second = Deployment.node("n2", at).pollMicros(200).build(Broadcast::new);
        second.start();
        server.ticker.allow(400);
        waitFor(() -> server.ticker.made() == 4000 && settled(server, n1, 0) && settled(server, second, 1),
                () -> server.schedule() + second.schedule());
        server.stop();
        server.awaitTermination(20, TimeUnit.SECONDS);
        n1.stop();
        second.stop();
        n1.awaitTermination(20, TimeUnit.SECONDS);
        second.awaitTermination(20, TimeUnit.SECONDS);
        assertNull(server.failure());

        long made = server.ticker.made();
        long channelDrops = server.counters().value("channel.Ticker.out->Follower.in.dropped");
        LinkCounters s2 = toN2.counters();
        String state = server.schedule() + first.schedule() + second.schedule();
        assertEquals(s2.accepted(), s2.sent() + s2.droppedAtSender() + s2.discardedAtClose(), state);
        assertEquals(s2.sent(), s2.acknowledged() + s2.lostInTransit() + s2.lostInFlight(), state);
        LinkCounters before = links(first).receivingClient(0).receiver().counters();
        LinkCounters after = links(second).receivingClient(0).receiver().counters();
        assertEquals(s2.acknowledged(), before.delivered() + after.delivered(), state);
        assertEquals(s2.droppedAtSender(), before.droppedAtSender() + after.droppedAtSender(),
                "the restarted node learns what was dropped for it: " + state);
        assertEquals(made, first.follower.received() + second.follower.received() + s2.droppedAtSender()
                + s2.lostInTransit() + s2.lostInFlight() + s2.discardedAtClose() + channelDrops,
                "every item the server made reached n2 or is counted: " + state);
        assertEquals(first.follower.next, second.follower.first, "the restarted node resumes where the first"
                + " stopped: what was queued for it comes first");
        assertEquals(0, first.follower.backwards + second.follower.backwards, state);
        assertEquals(2, toN2.connections(), state);
        assertEquals(made, n1.follower.received() + channelDrops, "n1 received everything: " + state);
    }

    /** Whether the server's link to node {@code index} sent all it accepted and the node took it all. */
    private static boolean settled(Broadcast server, Broadcast node, int index) {
        ServerLinkSender out = links(server).sender(0, index);
        var nodeEnd = links(node).receivingClient(0);
        LinkCounters c = out.counters();
        return out.queued() == 0 && c.accepted() == c.sent() + c.droppedAtSender() + c.discardedAtClose()
                && nodeEnd != null && node.follower.received() == nodeEnd.receiver().counters().delivered()
                && out.counters().sent() - out.counters().lostInTransit() - out.counters().lostInFlight()
                        == out.counters().acknowledged();
    }

    /** Source on each node -> Doubler on the server -> Collector on each node: every node hears every node. */
    public static final class RoundTrip extends StreamFlexGraph {
        final Source source;
        final Collector collector;

        RoundTrip(int node, int items) {
            Clock clock = makeClock(100);
            source = makeFilter(Source.class);
            Doubler doubler = makeFilter(Doubler.class);
            collector = makeFilter(Collector.class);
            source.emit(node * 1_000_000, items);
            connect(clock, source);
            connect(source, doubler, 64);
            connect(doubler, collector, 256);
            runOnServer(doubler);
            validate();
        }
    }

    @Test
    void aRoundTripFromTheNodesThroughTheServerReachesEveryNode() throws Exception {
        int items = 400; // two nodes' worth fits the server's link queues: a node linked late misses nothing
        RoundTrip server = Deployment.server(ANY_PORT, List.of("r1", "r2")).pollMicros(200)
                .build(() -> new RoundTrip(0, 0));
        server.start();
        CrossingLinks serverLinks = links(server);
        assertEquals(List.of(CrossingDirection.TO_SERVER, CrossingDirection.TO_NODES),
                serverLinks.crossings().stream().map(CrossingLinks.Crossing::direction).toList());
        List<RoundTrip> nodes = List.of(
                Deployment.node("r1", serverLinks.listeningAt()).pollMicros(200).build(() -> new RoundTrip(1, items)),
                Deployment.node("r2", serverLinks.listeningAt()).pollMicros(200).build(() -> new RoundTrip(2, items)));
        nodes.forEach(RoundTrip::start);
        long[] expected = new long[1];
        waitFor(() -> {
            long upstream = 0;
            for (RoundTrip node : nodes) {
                long accepted = links(node).client(0).counters().accepted();
                if (accepted + node.counters().value("channel.Source.out->Doubler.in.dropped") != items) {
                    return false;
                }
                upstream += accepted;
            }
            expected[0] = upstream - server.counters().value("channel.Doubler.out->Collector.in.dropped");
            return nodes.stream().allMatch(n -> n.collector.received == expected[0]);
        }, () -> server.schedule() + nodes.stream().map(RoundTrip::schedule).toList());
        server.stop();
        server.awaitTermination(20, TimeUnit.SECONDS);
        for (RoundTrip node : nodes) {
            node.stop();
            node.awaitTermination(20, TimeUnit.SECONDS);
        }
        assertTrue(expected[0] > items, "both nodes' items reached each node: " + expected[0]);
        for (int n = 0; n < 2; n++) {
            RoundTrip node = nodes.get(n);
            String state = server.schedule() + node.schedule();
            assertEquals(0, node.collector.outOfOrder, "each origin's items in order: " + state);
            LinkCounters down = serverLinks.sender(1, n).counters();
            assertEquals(expected[0], down.accepted(), state);
            assertEquals(0, down.droppedAtSender() + down.lostInFlight() + down.lostInTransit(), state);
            assertEquals(down.sent(), links(node).receivingClient(1).receiver().counters().delivered(), state);
        }
    }

    /** A shared value no library has a codec for, sent from the server to the nodes. */
    public static final class BlobToNodes extends StreamFlexGraph {
        BlobToNodes() {
            Clock clock = makeClock(1000);
            SharedCrossingTest.Maker maker = makeFilter(SharedCrossingTest.Maker.class);
            SharedCrossingTest.Taker taker = makeFilter(SharedCrossingTest.Taker.class);
            connect(clock, maker);
            connect(maker, taker, 8);
            runOnServer(maker);
            validate();
        }
    }

    @Test
    void whatCannotCrossToTheNodesIsAValidationProblemNamingTheChannelAndTheFix() {
        for (Deployment deployment : List.of(Deployment.node("n1", ANY_PORT), Deployment.server(ANY_PORT,
                List.of("n1")))) {
            StreamFlexError e = assertThrows(StreamFlexError.class, () -> deployment.build(BlobToNodes::new));
            assertTrue(e.getMessage().contains("Maker.out->Taker.in crosses from the server to the nodes, but no"
                    + " SharedCodec for " + SharedCrossingTest.Blob.class.getName()), e.getMessage());
            assertTrue(e.getMessage().contains("META-INF/services/org.streamflex.runtime.net.SharedCodecProvider"),
                    e.getMessage());
        }
        StreamFlexError e = assertThrows(StreamFlexError.class, () -> Deployment.server(ANY_PORT, List.of("n1"))
                .dropping("Follower.out").build(Broadcast::new));
        assertTrue(e.getMessage().contains("the deployment drops at Follower.out, which is not the producer end of a"
                + " channel that crosses between the nodes and the server; those are [ReadingTicker.out,"
                + " Ticker.out]"), e.getMessage());
        Broadcast dropping = Deployment.server(ANY_PORT, List.of("n1")).dropping("Ticker.out")
                .build(Broadcast::new);
        assertEquals(LinkMode.DROP, links(dropping).crossings().get(0).mode(), "dropping names the server's end");
        assertEquals(LinkMode.CREDIT, links(dropping).crossings().get(1).mode());
    }

    static boolean allLinked(CrossingLinks server, int crossings, int nodes) {
        for (int c = 0; c < crossings; c++) {
            for (int n = 0; n < nodes; n++) {
                ServerLinkSender s = server.sender(c, n);
                if (s == null || !s.isLinked()) {
                    return false;
                }
            }
        }
        return true;
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
