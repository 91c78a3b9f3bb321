package org.streamflex.runtime.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import org.streamflex.Clock;
import org.streamflex.Deployment;
import org.streamflex.Filter;
import org.streamflex.LongChannel;
import org.streamflex.NodeRouter;
import org.streamflex.StreamFlexError;
import org.streamflex.StreamFlexGraph;
import org.streamflex.runtime.graph.NodeServerTest.Checker;
import org.streamflex.runtime.graph.NodeServerTest.Reading;
import org.streamflex.runtime.graph.ServerToNodeTest.ReadingTicker;
import org.streamflex.runtime.graph.ServerToNodeTest.Ticker;
import org.streamflex.runtime.net.CrossingLinks;
import org.streamflex.runtime.net.LinkCounters;
import org.streamflex.runtime.net.ServerLinkSender;

/**
 * Channels from a server filter to the nodes sent to one chosen node per item instead of every node
 * ({@code Deployment.routeToNodes}): by a key of a primitive's slot, by a key of a capsule, or to one
 * fixed node. Each node gets exactly its items, its link counts them, and an item for a node the
 * inventory does not list is dropped and counted.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class NodeRoutingTest {
    private static final InetSocketAddress ANY_PORT = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
    private static final List<String> INVENTORY = List.of("n1", "n2", "n3");
    /** Item k goes to KEYS[k % 4]: "n9" is not in the inventory. Made once: the key allocates nothing. */
    private static final String[] KEYS = {"n1", "n2", "n3", "n9"};

    /** The number of an item {@link Ticker} made. */
    static long number(long slot) {
        return Long.reverse(slot ^ ServerToNodeTest.MASK);
    }

    /** On each node: which residues mod 4 of the item numbers arrived, and how many items. */
    public static final class Residues extends Filter {
        private LongChannel in;
        private volatile int seen;
        private volatile long received;

        @Override
        public void work() {
            int s = seen;
            long r = received;
            while (in.size() > 0) {
                s |= 1 << (int) (Long.reverse(in.take() ^ ServerToNodeTest.MASK) % 4);
                r++;
            }
            seen = s;
            received = r;
        }
    }

    /** Ticker -> Residues (longs) and ReadingTicker -> Checker (capsules), from the server to the nodes. */
    public static final class Routed extends StreamFlexGraph {
        final Ticker ticker;
        final Residues residues;
        final ReadingTicker readings;
        final Checker checker;

        Routed() {
            Clock clock = makeClock(100);
            Clock capsuleClock = makeClock(200);
            ticker = makeFilter(Ticker.class);
            residues = makeFilter(Residues.class);
            readings = makeFilter(ReadingTicker.class);
            checker = makeFilter(Checker.class);
            connect(clock, ticker);
            connect(ticker, residues, 256);
            connect(capsuleClock, readings);
            connect(readings, checker, 64);
            runOnServer(ticker, readings);
            validate();
        }
    }

    @Test
    void eachItemReachesOnlyTheNodeItsKeyNamesAndItemsForNodesNotListedAreCounted() throws Exception {
        Deployment serverSide = Deployment.server(ANY_PORT, INVENTORY)
                .routeToNodes("Ticker.out", NodeRouter.bySlot(slot -> KEYS[(int) (number(slot) % 4)]))
                .routeToNodes("ReadingTicker.out", NodeRouter.to("n2"));
        int items = 2000;
        int capsules = 600;
        Routed server = serverSide.build(Routed::new);
        List<Routed> nodes = run(server, items, capsules);
        long dropped = server.counters().value("channel.Ticker.out->Residues.in.dropped");
        long droppedCapsules = server.counters().value("channel.ReadingTicker.out->Checker.in.dropped");
        long unrouted = server.counters().value("link.Ticker.out->Residues.in.unrouted");
        String state = server.schedule();
        assertTrue(unrouted > 0 && unrouted <= items / 4, "the items for n9 are counted: " + state);
        long delivered = 0;
        for (int n = 0; n < INVENTORY.size(); n++) {
            Routed node = nodes.get(n);
            assertTrue(node.residues.seen == 0 || node.residues.seen == 1 << n,
                    INVENTORY.get(n) + " got only its items, residues " + node.residues.seen);
            LinkCounters sent = links(server).sender(0, n).counters();
            assertEquals(node.residues.received, sent.accepted(), "counted per node: " + state);
            assertEquals(sent.accepted(), sent.acknowledged(), state);
            String perNode = "link.Ticker.out->Residues.in." + INVENTORY.get(n);
            assertEquals(node.residues.received, server.counters().value(perNode + ".sent"), "and in the channel's"
                    + " counters: " + state);
            assertEquals(node.residues.received, server.counters().value(perNode + ".delivered"), state);
            assertEquals(0, server.counters().value(perNode + ".lost") + server.counters().value(perNode + ".queued"),
                    state);
            delivered += node.residues.received;
            long capsulesHere = node.checker.received;
            assertEquals(n == 1 ? capsules - droppedCapsules : 0, capsulesHere, "every capsule to n2 only: " + state);
            assertEquals(0, node.checker.wrong, "whole and in order");
            assertEquals(capsulesHere, links(server).sender(1, n).counters().accepted(), state);
        }
        assertEquals(items, delivered + unrouted + dropped, "every item reached its node or is counted: " + state);
    }

    @Test
    void capsulesRoutedByAKeyOfTheItemReachTheirNodeInOrder() throws Exception {
        Deployment serverSide = Deployment.server(ANY_PORT, INVENTORY)
                .routeToNodes("ReadingTicker.out", NodeRouter.byItem(Reading.class,
                        r -> INVENTORY.get((int) (r.number % INVENTORY.size()))));
        int capsules = 900;
        Routed server = serverSide.build(Routed::new);
        List<Routed> nodes = run(server, 0, capsules);
        long dropped = server.counters().value("channel.ReadingTicker.out->Checker.in.dropped");
        long total = 0;
        for (int n = 0; n < INVENTORY.size(); n++) {
            Checker checker = nodes.get(n).checker;
            assertEquals(0, checker.wrong, "whole and in order");
            assertTrue(checker.received <= capsules / INVENTORY.size(), "a third each at most: " + checker.received);
            total += checker.received;
        }
        assertEquals(capsules, total + dropped, server.schedule());
        assertEquals(0, server.counters().value("link.ReadingTicker.out->Checker.in.unrouted"));
    }

    @Test
    void aRouteThatCannotApplyIsRefusedNamingIt() {
        StreamFlexError fixed = assertThrows(StreamFlexError.class, () -> Deployment.server(ANY_PORT, INVENTORY)
                .routeToNodes("Ticker.out", NodeRouter.to("n9")));
        assertTrue(fixed.getMessage().contains("sends every item to node n9, which the inventory does not list; it"
                + " lists [n1, n2, n3]"), fixed.getMessage());
        StreamFlexError notCrossing = assertThrows(StreamFlexError.class, () -> Deployment.server(ANY_PORT, INVENTORY)
                .routeToNodes("Residues.out", NodeRouter.to("n1")).build(Routed::new));
        assertTrue(notCrossing.getMessage().contains("the deployment routes Residues.out to chosen nodes, which is not"
                + " the producer end of a channel from a server filter to a node filter; those are"
                + " [ReadingTicker.out, Ticker.out]"), notCrossing.getMessage());
        StreamFlexError slotOfCapsule = assertThrows(StreamFlexError.class, () -> Deployment.server(ANY_PORT,
                INVENTORY).routeToNodes("ReadingTicker.out", NodeRouter.bySlot(slot -> "n1")).build(Routed::new));
        assertTrue(slotOfCapsule.getMessage().contains("routes ReadingTicker.out->Checker.in by NodeRouter.bySlot,"
                + " but it carries"), slotOfCapsule.getMessage());
        StreamFlexError otherClass = assertThrows(StreamFlexError.class, () -> Deployment.server(ANY_PORT,
                INVENTORY).routeToNodes("ReadingTicker.out", NodeRouter.byItem(String.class, s -> s))
                .build(Routed::new));
        assertTrue(otherClass.getMessage().contains("by a key of java.lang.String, but it carries "
                + Reading.class.getName()), otherClass.getMessage());
    }

    /** Starts the server and a node per id, sends, waits until every node's link is settled, stops all. */
    private static List<Routed> run(Routed server, int items, int capsules) throws Exception {
        server.start();
        CrossingLinks serverLinks = links(server);
        List<Routed> nodes = new ArrayList<>();
        for (String id : INVENTORY) {
            nodes.add(Deployment.node(id, serverLinks.listeningAt()).pollMicros(200).build(Routed::new));
        }
        nodes.forEach(Routed::start);
        waitFor(() -> ServerToNodeTest.allLinked(serverLinks, 2, INVENTORY.size()), server::schedule);
        server.ticker.allow(items);
        server.readings.allow(capsules);
        waitFor(() -> server.ticker.made() == items && server.readings.made() == capsules && settled(server, nodes),
                () -> server.schedule()
                        + nodes.stream().map(Routed::schedule).toList());
        server.stop();
        server.awaitTermination(20, TimeUnit.SECONDS);
        for (Routed node : nodes) {
            node.stop();
            node.awaitTermination(20, TimeUnit.SECONDS);
        }
        assertNull(server.failure());
        return nodes;
    }

    /** Every link sent all it took and had it acknowledged, and each node's filters took all that arrived. */
    private static boolean settled(Routed server, List<Routed> nodes) {
        for (int c = 0; c < 2; c++) {
            for (int n = 0; n < nodes.size(); n++) {
                ServerLinkSender out = links(server).sender(c, n);
                LinkCounters counts = out.counters();
                var end = links(nodes.get(n)).receivingClient(c);
                long taken = c == 0 ? nodes.get(n).residues.received : nodes.get(n).checker.received;
                if (out.queued() != 0 || counts.acknowledged() != counts.sent() || end == null
                        || taken != end.receiver().counters().delivered() || counts.sent() != counts.accepted()) {
                    return false;
                }
            }
        }
        return true;
    }

    private static CrossingLinks links(StreamFlexGraph graph) {
        return ServerToNodeTest.links(graph);
    }

    private static void waitFor(BooleanSupplier done, Supplier<String> state) throws InterruptedException {
        ServerToNodeTest.waitFor(done, state);
    }
}
