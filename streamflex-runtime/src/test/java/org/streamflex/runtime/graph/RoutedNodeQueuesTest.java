package org.streamflex.runtime.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.streamflex.Clock;
import org.streamflex.Deployment;
import org.streamflex.Filter;
import org.streamflex.LongChannel;
import org.streamflex.NodeRouter;
import org.streamflex.StreamFlexGraph;
import org.streamflex.runtime.net.CrossingLinks;
import org.streamflex.runtime.net.LinkCounters;
import org.streamflex.runtime.net.ServerLinkSender;

/**
 * A routed channel to the nodes ({@code Deployment.routeToNodes}) gives each node a bounded queue of
 * its own on the server (its link's): a node that takes nothing holds up no other node's items until
 * its queue is full; then, lossless, the whole channel waits (counted per node, {@code heldUp}), and
 * in DROP mode that node's items are dropped and counted for it alone. Each node's counts reconcile
 * ({@code delivered + lost == sent}) across a restart too.
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class RoutedNodeQueuesTest {
    private static final InetSocketAddress ANY_PORT = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
    private static final List<String> INVENTORY = List.of("n1", "n2", "n3");
    /** Item k goes to node k % 3. Made once: the key allocates nothing. */
    private static final String[] IDS = INVENTORY.toArray(String[]::new);
    private static final NodeRouter ROUND_ROBIN = NodeRouter.bySlot(slot -> IDS[(int) (number(slot) % 3)]);
    private static final String CHANNEL = "Burst.out->Gate.in";
    /** Each node's queue on the server, and its receiving queue: the channel's capacity, at least 1024. */
    private static final int NODE_QUEUE = 1024;
    /** What a node whose filter takes nothing can hold: its receiving queue and its filter's channel. */
    private static final int NODE_HOLDS = NODE_QUEUE + 256;
    /** Items a node at a time that a paced burst lets n2 and n3 have before they took them: a quarter of a queue. */
    private static final int PACE = NODE_QUEUE / 4;

    static long number(long slot) {
        return Long.reverse(slot ^ ServerToNodeTest.MASK);
    }

    /**
     * On the server: numbered items, as many as the test allows, up to 16 a release: fewer than its
     * channel holds, so that they all leave it at each release unless a node's full queue holds the
     * channel up (then the channel fills, and its puts are dropped and counted, as the contract says).
     */
    public static final class Burst extends Filter {
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

        long allowed() {
            return allowed;
        }

        @Override
        public void work() {
            long m = made;
            long a = allowed;
            for (long end = Math.min(a, m + 16); m < end; ) {
                out.put(Long.reverse(m) ^ ServerToNodeTest.MASK);
                m++;
            }
            made = m;
        }
    }

    /** On each node: takes nothing while held; counts what arrives and numbers going backwards. */
    public static final class Gate extends Filter {
        private LongChannel in;
        private volatile boolean held;
        private volatile long received;
        private volatile long first = -1;
        private volatile long last = -1;
        private long backwards;

        /** Test thread: stops or resumes taking. */
        public void hold(boolean hold) {
            held = hold;
        }

        @Override
        public void work() {
            if (held) {
                return;
            }
            long r = received;
            long previous = last;
            while (in.size() > 0) {
                long k = Long.reverse(in.take() ^ ServerToNodeTest.MASK); // a constant: the filter calls no test code
                if (k <= previous) {
                    backwards++;
                }
                if (first < 0) {
                    first = k;
                }
                previous = k;
                r++;
            }
            last = previous;
            received = r;
        }
    }

    /** Burst (server) -> Gate (each node), routed. */
    public static final class Queues extends StreamFlexGraph {
        final Burst burst;
        final Gate gate;
        final Clock clock;

        Queues() {
            clock = makeClock(1000);
            burst = makeFilter(Burst.class);
            gate = makeFilter(Gate.class);
            connect(clock, burst);
            connect(burst, gate, 256);
            runOnServer(burst);
            validate();
        }
    }

    @Test
    void aFullNodeDoesNotHoldUpItemsForTheOthers() throws Exception {
        Queues server = Deployment.server(ANY_PORT, INVENTORY).routeToNodes("Burst.out", ROUND_ROBIN)
                .build(Queues::new);
        List<Queues> nodes = start(server, false);
        nodes.getFirst().gate.hold(true);
        int each = NODE_HOLDS + NODE_QUEUE / 2; // more than n1 holds: the rest waits in its queue on the server
        allowPaced(server, nodes, each);
        ServerLinkSender toN1 = links(server).sender(0, 0);
        String state = state(server, nodes);
        assertEquals(0, nodes.getFirst().gate.received, "n1 takes nothing: " + state);
        assertTrue(toN1.queued() > 0, "n1's items wait in its own queue on the server: " + state);
        assertEquals(0, count(server, "n1.heldUp"), "n1's queue had room: nothing waited for it: " + state);
        assertEquals(each, count(server, "n1.sent"), "every item for n1 left the channel: " + state);

        nodes.getFirst().gate.hold(false);
        waitFor(() -> settled(server, nodes), () -> state(server, nodes));
        stop(server, nodes);
        for (int n = 0; n < INVENTORY.size(); n++) {
            Gate gate = nodes.get(n).gate;
            assertEquals(each, gate.received, INVENTORY.get(n) + " got every item: " + state(server, nodes));
            assertEquals(0, gate.backwards, "in order");
            assertReconciled(server, INVENTORY.get(n), each, 0);
        }
        assertEquals(0, count(server, "unrouted"));
        assertEquals(0, server.counters().value("channel." + CHANNEL + ".dropped"));
    }

    @Test
    void aFullNodesQueueStallsTheWholeChannelLosslesslyAndTheWaitIsCounted() throws Exception {
        Queues server = Deployment.server(ANY_PORT, INVENTORY).routeToNodes("Burst.out", ROUND_ROBIN)
                .build(Queues::new);
        List<Queues> nodes = start(server, false);
        nodes.getFirst().gate.hold(true);
        int each = 3 * (NODE_HOLDS + NODE_QUEUE); // n1 cannot hold most of its items
        server.burst.allow(3L * each);
        ServerLinkSender toN1 = links(server).sender(0, 0);
        String dropped = "channel." + CHANNEL + ".dropped";
        waitFor(() -> count(server, "n1.heldUp") > 0 && toN1.queued() == NODE_QUEUE
                && server.counters().value(dropped) > 0, () -> state(server, nodes));
        String state = state(server, nodes);
        assertTrue(nodes.get(1).gate.received < each && nodes.get(2).gate.received < each,
                "n2 and n3 wait with the channel, whose producer's puts are dropped and counted once it is full: "
                + state);
        assertEquals(0, count(server, "n2.heldUp") + count(server, "n3.heldUp"), state);
        assertEquals(0, count(server, "n1.lost"), "nothing routed to n1 is lost: " + state);

        nodes.getFirst().gate.hold(false);
        waitFor(() -> server.burst.made() == 3L * each && settled(server, nodes), () -> state(server, nodes));
        stop(server, nodes);
        long routed = 0;
        for (int n = 0; n < INVENTORY.size(); n++) {
            Gate gate = nodes.get(n).gate;
            long sent = count(server, INVENTORY.get(n) + ".sent");
            assertEquals(sent, gate.received, "lossless: " + INVENTORY.get(n) + " got every item routed to it once n1"
                    + " resumed: " + state(server, nodes));
            assertEquals(0, gate.backwards, "in order");
            assertReconciled(server, INVENTORY.get(n), sent, 0);
            routed += sent;
        }
        assertEquals(3L * each, routed + server.counters().value(dropped), "every item the producer made was routed,"
                + " or dropped and counted at the full channel: " + state(server, nodes));
        assertTrue(count(server, "n1.heldUp") > 0);
    }

    @Test
    void aBroadcastWaitsForAFullNodesQueueAndCountsTheWaitForThatNode() throws Exception {
        Queues server = Deployment.server(ANY_PORT, INVENTORY).build(Queues::new);
        List<Queues> nodes = start(server, false);
        nodes.getFirst().gate.hold(true);
        int items = 2 * (NODE_HOLDS + NODE_QUEUE); // every node gets every item: n1 cannot hold half
        server.burst.allow(items);
        ServerLinkSender toN1 = links(server).sender(0, 0);
        waitFor(() -> count(server, "n1.heldUp") > 0 && toN1.queued() == NODE_QUEUE, () -> state(server, nodes));
        nodes.getFirst().gate.hold(false);
        waitFor(() -> server.burst.made() == items && settled(server, nodes), () -> state(server, nodes));
        stop(server, nodes);
        long reached = items - server.counters().value("channel." + CHANNEL + ".dropped");
        for (int n = 0; n < INVENTORY.size(); n++) {
            assertEquals(reached, nodes.get(n).gate.received, INVENTORY.get(n) + ": " + state(server, nodes));
            assertEquals(0, nodes.get(n).gate.backwards, "in order");
            assertReconciled(server, INVENTORY.get(n), reached, 0);
        }
    }

    @Test
    void itemsForAFullNodeAreDroppedAndCountedPerNodeInDropMode() throws Exception {
        Queues server = Deployment.server(ANY_PORT, INVENTORY).dropping("Burst.out")
                .routeToNodes("Burst.out", ROUND_ROBIN).build(Queues::new);
        List<Queues> nodes = start(server, true);
        nodes.getFirst().gate.hold(true);
        int each = 3 * (NODE_HOLDS + NODE_QUEUE); // n1 cannot hold most of its items
        allowPaced(server, nodes, each);
        assertEquals(0, nodes.getFirst().gate.received, state(server, nodes));

        nodes.getFirst().gate.hold(false);
        waitFor(() -> settled(server, nodes), () -> state(server, nodes));
        stop(server, nodes);
        String state = state(server, nodes);
        Gate n1 = nodes.getFirst().gate;
        long droppedAtN1 = links(nodes.getFirst()).receivingClient(0).receiver().counters().droppedAtReceiver();
        long lostForN1 = count(server, "n1.lost");
        assertTrue(n1.received < each && lostForN1 + droppedAtN1 > 0, "n1's items beyond what it holds are"
                + " dropped: " + state);
        assertEquals(each, n1.received + lostForN1 + droppedAtN1, "each item for n1 reached it or is counted,"
                + " on the server (lost) or on n1 (droppedAtReceiver): " + state);
        assertEquals(0, n1.backwards, "what n1 got is in order");
        assertReconciled(server, "n1", each, lostForN1);
        for (int n = 1; n < INVENTORY.size(); n++) {
            assertEquals(each, nodes.get(n).gate.received, INVENTORY.get(n) + " missed nothing: " + state);
            assertReconciled(server, INVENTORY.get(n), each, 0);
        }
        for (String id : INVENTORY) {
            assertEquals(0, count(server, id + ".heldUp"), "nothing waits in DROP mode: " + state);
        }
        assertEquals(0, server.counters().value("channel." + CHANNEL + ".dropped"));
    }

    @Test
    void aNodeThatRestartsGetsWhatWasQueuedForItAndEachNodesCountsReconcile() throws Exception {
        Queues server = Deployment.server(ANY_PORT, INVENTORY).routeToNodes("Burst.out", ROUND_ROBIN)
                .build(Queues::new);
        List<Queues> nodes = start(server, false);
        int before = 300;
        server.burst.allow(3L * before);
        waitFor(() -> server.burst.made() == 3L * before && settled(server, nodes), () -> state(server, nodes));
        Queues first = nodes.getFirst();
        first.stop();
        first.awaitTermination(20, TimeUnit.SECONDS);
        ServerLinkSender toN1 = links(server).sender(0, 0);
        waitFor(() -> !toN1.isLinked(), server::schedule);

        int whileDown = NODE_QUEUE + 500; // more than n1's queue holds: the rest is dropped and counted for n1
        server.burst.allow(3L * whileDown);
        waitFor(() -> server.burst.made() == 3L * (before + whileDown) && settled(server, nodes.subList(1, 3), 1)
                && count(server, "n1.sent") == before + whileDown, () -> state(server, nodes));
        String state = state(server, nodes);
        assertEquals(before + whileDown, nodes.get(1).gate.received, "n2 is not held up by n1, down: " + state);
        assertEquals(NODE_QUEUE, count(server, "n1.queued"), "n1's queue is full: " + state);
        assertEquals(whileDown - NODE_QUEUE, count(server, "n1.lost"), "the rest is lost, counted: " + state);

        Queues second = Deployment.node("n1", links(server).listeningAt()).pollMicros(200).build(Queues::new);
        started.add(second);
        second.start();
        nodes.set(0, second);
        waitFor(() -> settled(server, nodes), () -> state(server, nodes));
        stop(server, nodes);
        state = state(server, nodes);
        assertEquals(before + NODE_QUEUE, first.gate.received + second.gate.received, "n1 got what was queued for"
                + " it while it was down: " + state);
        assertEquals(first.gate.last + INVENTORY.size(), second.gate.first, "the queued items come first, right"
                + " after the last one the first run got (its queue keeps the oldest, the newest are dropped): "
                + state);
        assertEquals(0, second.gate.backwards, state);
        assertReconciled(server, "n1", before + whileDown, whileDown - NODE_QUEUE);
        assertReconciled(server, "n2", before + whileDown, 0);
        assertReconciled(server, "n3", before + whileDown, 0);
        long sent = 0;
        for (String id : INVENTORY) {
            sent += count(server, id + ".sent");
        }
        assertEquals(server.burst.made(), sent + count(server, "unrouted"), "in total too: " + state);
    }

    /**
     * Lets the server make {@code each} items for every node, {@link #PACE} a node at a time, each time waiting
     * until n2 and n3 took theirs. Their queues then never hold more than {@code PACE} items, however slow the
     * machine, so that only n1's (held) can fill: in DROP mode a link whose node falls behind drops by design,
     * and a test that let the burst run free would see n2 or n3 drop on a loaded machine (seen: 923 of n2's
     * 6,912 at load 14).
     */
    private static void allowPaced(Queues server, List<Queues> nodes, int each) throws InterruptedException {
        for (int given = 0; given < each; ) {
            int step = Math.min(PACE, each - given);
            given += step;
            int target = given;
            server.burst.allow(3L * step);
            waitFor(() -> server.burst.made() == 3L * target && nodes.get(1).gate.received == target
                    && nodes.get(2).gate.received == target, () -> state(server, nodes));
        }
    }

    /** A node's counts on the server: all {@code sent}, each delivered or lost as expected, none queued. */
    private static void assertReconciled(Queues server, String node, long sent, long lost) {
        String state = server.schedule();
        assertEquals(sent, count(server, node + ".sent"), node + ": " + state);
        assertEquals(lost, count(server, node + ".lost"), node + ": " + state);
        assertEquals(sent - lost, count(server, node + ".delivered"), node + ": " + state);
        assertEquals(0, count(server, node + ".queued"), node + ": " + state);
    }

    private static long count(Queues server, String key) {
        return server.counters().value("link." + CHANNEL + "." + key);
    }

    /** Every graph a test started: stopped after it, so that a failed wait leaves none running into later tests. */
    private final List<Queues> started = new ArrayList<>();

    @AfterEach
    void stopWhatIsStillRunning() throws InterruptedException {
        for (Queues graph : started) {
            graph.stop();
            graph.awaitTermination(20, TimeUnit.SECONDS);
        }
    }

    /** Starts the server and a node per id, and waits until every node is linked. */
    private List<Queues> start(Queues server, boolean dropping) throws InterruptedException {
        started.add(server);
        server.start();
        CrossingLinks serverLinks = links(server);
        List<Queues> nodes = new ArrayList<>();
        for (String id : INVENTORY) {
            Deployment node = Deployment.node(id, serverLinks.listeningAt()).pollMicros(200);
            nodes.add((dropping ? node.dropping("Burst.out") : node).build(Queues::new));
        }
        started.addAll(nodes);
        nodes.forEach(Queues::start);
        waitFor(() -> ServerToNodeTest.allLinked(serverLinks, 1, INVENTORY.size()), server::schedule);
        return nodes;
    }

    private static void stop(Queues server, List<Queues> nodes) throws InterruptedException {
        server.stop();
        server.awaitTermination(20, TimeUnit.SECONDS);
        for (Queues node : nodes) {
            node.stop();
            node.awaitTermination(20, TimeUnit.SECONDS);
        }
        assertNull(server.failure());
    }

    private static boolean settled(Queues server, List<Queues> nodes) {
        return settled(server, nodes, 0);
    }

    /**
     * Whether the server's links to {@code nodes} (from inventory index {@code from}) sent all they took and
     * had it acknowledged or counted, and each node's filter took all its receiving end delivered.
     */
    private static boolean settled(Queues server, List<Queues> nodes, int from) {
        for (int n = 0; n < nodes.size(); n++) {
            ServerLinkSender out = links(server).sender(0, from + n);
            LinkCounters c = out.counters();
            var end = links(nodes.get(n)).receivingClient(0);
            if (out.queued() != 0 || c.sent() != c.acknowledged() + c.lostInFlight() + c.lostInTransit()
                    || end == null || nodes.get(n).gate.received != end.receiver().counters().delivered()) {
                return false;
            }
        }
        return true;
    }

    private static String state(Queues server, List<Queues> nodes) {
        StringBuilder s = new StringBuilder(server.schedule());
        // What a stuck wait needs to say: whether the server's graph failed, whether its clock still releases and
        // whether the producer was still allowed to make items.
        s.append(" | server failure ").append(server.failure()).append(", releases ").append(server.clock.releases())
                .append(", burst made ").append(server.burst.made())
                .append(" of ").append(server.burst.allowed()).append(", channel dropped ")
                .append(server.counters().value("channel." + CHANNEL + ".dropped"));
        for (int n = 0; n < nodes.size(); n++) {
            s.append(" | ").append(INVENTORY.get(n)).append(": received ").append(nodes.get(n).gate.received)
                    .append(", server queue ").append(links(server).sender(0, n).queued())
                    .append(", counters ").append(links(server).sender(0, n).counters());
            var end = links(nodes.get(n)).receivingClient(0);
            s.append(", its receiving end ").append(end == null ? "not linked" : end.receiver().counters());
        }
        return s.toString();
    }

    private static CrossingLinks links(StreamFlexGraph graph) {
        return ServerToNodeTest.links(graph);
    }

    private static void waitFor(BooleanSupplier done, Supplier<String> state) throws InterruptedException {
        ServerToNodeTest.waitFor(done, state);
    }
}
