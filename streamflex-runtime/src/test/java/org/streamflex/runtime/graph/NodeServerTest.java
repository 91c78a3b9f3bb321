package org.streamflex.runtime.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
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
import org.streamflex.Capsule;
import org.streamflex.Channel;
import org.streamflex.Clock;
import org.streamflex.Deployment;
import org.streamflex.FloatChannel;
import org.streamflex.IntChannel;
import org.streamflex.StreamFlexError;
import org.streamflex.StreamFlexGraph;
import org.streamflex.fixtures.LoopbackPorts;
import org.streamflex.runtime.ApiAccess;
import org.streamflex.runtime.net.CrossingLinks;
import org.streamflex.runtime.net.ElementKind;
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
            assertEquals(got.delivered(), server.counters().value("link.n" + (n + 1)
                    + ":Doubler.out->Collector.in.taken"), "the server moved every item into its graph");
            assertEquals(0, server.counters().value("link.n" + (n + 1) + ":Doubler.out->Collector.in.unread"));
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
    void threeNodesSendCapsulesEveryOneInOrderPerNodeBitForBit() throws Exception {
        int items = 2000;
        CapsuleCut server = Deployment.server(ANY_PORT, List.of("c1", "c2", "c3")).pollMicros(200)
                .build(() -> new CapsuleCut(0, 0));
        server.start();
        InetSocketAddress at = links(server).listeningAt();
        assertEquals(ElementKind.CAPSULE, links(server).crossings().getFirst().kind());
        List<CapsuleCut> nodes = new ArrayList<>();
        for (int n = 1; n <= 3; n++) {
            int node = n;
            nodes.add(Deployment.node("c" + n, at).build(() -> new CapsuleCut(node, items)));
        }
        nodes.forEach(CapsuleCut::start);
        // Every capsule made is dropped by the node's channel (counted) or taken by the link, and every one
        // the link took reaches the server.
        waitFor(() -> nodes.stream().allMatch(n -> n.counters().value("channel.Maker.out->Checker.in.dropped")
                + capsulesAccepted(n) == items)
                && server.checker.received == nodes.stream().mapToLong(NodeServerTest::capsulesAccepted).sum(),
                () -> "server received " + server.checker.received + "; " + server.schedule()
                        + nodes.stream().map(n -> n.schedule() + n.counters().snapshot()).toList());
        for (CapsuleCut node : nodes) {
            node.stop();
            node.awaitTermination(10, TimeUnit.SECONDS);
        }
        server.stop();
        server.awaitTermination(10, TimeUnit.SECONDS);
        assertEquals(null, server.failure());
        assertEquals(0, server.checker.wrong, "every capsule arrives whole, bit for bit, in order per node");
        long produced = 0;
        long deliveredAndDropped = 0;
        for (int n = 0; n < 3; n++) {
            CapsuleCut node = nodes.get(n);
            LinkCounters sent = links(node).client(0).counters();
            LinkCounters got = links(server).receiver(0, n).counters();
            String state = "node " + sent + "; server " + got;
            assertEquals(sent.accepted(), sent.sent(), state);
            assertEquals(sent.sent(), got.delivered(), state);
            assertEquals(0, got.droppedAtReceiver() + got.lostInTransit() + sent.lostInFlight(), state);
            assertEquals(got.delivered(), server.checker.perNode(n + 1), state);
            produced += node.maker.made;
            deliveredAndDropped += server.checker.perNode(n + 1)
                    + node.counters().value("channel.Maker.out->Checker.in.dropped");
        }
        assertEquals(3L * items, produced);
        assertTrue(server.checker.received > 0, "capsules crossed");
        // Pools recycle on both sides: what the outlet took went back to the node's pool, what the checker
        // consumed to the server's, so each made far fewer capsules than crossed (the channels hold 64).
        for (CapsuleCut node : nodes) {
            long created = ((RuntimeGraph) ApiAccess.assemblyOf(node)).pools().pool(Reading.class).created();
            assertTrue(created < items / 4, "node pool made " + created + " capsules for " + node.maker.made);
        }
        long serverCreated = ((RuntimeGraph) ApiAccess.assemblyOf(server)).pools().pool(Reading.class).created();
        assertTrue(serverCreated < server.checker.received / 4 + 200, "server pool made " + serverCreated
                + " capsules for " + server.checker.received);
        assertEquals(produced, deliveredAndDropped, "delivered plus counted drops is what the nodes produced");
    }

    @Test
    void aCapsuleChannelOfAnotherTypeOnTheServerIsRefusedNamingBothTypes() throws Exception {
        CapsuleCut server = Deployment.server(ANY_PORT, List.of("c1")).build(() -> new CapsuleCut(0, 0));
        server.start();
        OtherCut node = Deployment.node("c1", links(server).listeningAt()).build(OtherCut::new);
        node.start();
        NetworkLinkClient client = links(node).client(0);
        waitFor(() -> !client.isOpen(), client::lastProblem);
        assertTrue(client.lastProblem().contains("capsules of " + Other.class.getName())
                && client.lastProblem().contains("capsules of " + Reading.class.getName()), client.lastProblem());
        node.stop();
        server.stop();
        assertEquals(0, server.checker.received);
    }

    /** Scalars and arrays, each a function of (node, number), so the server can check every bit. */
    public static final class Reading extends Capsule {
        public int node;
        public long number;
        public double level;
        public boolean odd;
        public char tag;
        public final float[] spectrum = new float[4];
        public final long[] bits = new long[3];
        public final byte[] label = new byte[5];

        private Reading() {
        }

        void fill(int n, long k) {
            node = n;
            number = k;
            level = Double.longBitsToDouble(0x7ff8000000000000L | k); // NaN payloads must survive
            odd = (k & 1) == 1;
            tag = (char) (0xD800 + k % 1024);
            for (int i = 0; i < spectrum.length; i++) {
                spectrum[i] = Float.intBitsToFloat((int) (k * 4 + i) | 0x80000000);
            }
            for (int i = 0; i < bits.length; i++) {
                bits[i] = k * 1_000_003L ^ ((long) n << 56) ^ i;
            }
            for (int i = 0; i < label.length; i++) {
                label[i] = (byte) (k + i * 51L);
            }
        }

        boolean matches(int n, long k) {
            boolean same = node == n && number == k && Double.doubleToRawLongBits(level) == (0x7ff8000000000000L | k)
                    && odd == ((k & 1) == 1) && tag == (char) (0xD800 + k % 1024);
            for (int i = 0; i < spectrum.length; i++) {
                same &= Float.floatToRawIntBits(spectrum[i]) == ((int) (k * 4 + i) | 0x80000000);
            }
            for (int i = 0; i < bits.length; i++) {
                same &= bits[i] == (k * 1_000_003L ^ ((long) n << 56) ^ i);
            }
            for (int i = 0; i < label.length; i++) {
                same &= label[i] == (byte) (k + i * 51L);
            }
            return same;
        }
    }

    /** Makes one reading per release, numbered 0, 1, ..., {@code count} in all. */
    public static final class Maker extends org.streamflex.Filter {
        private Channel<Reading> out;
        private int node;
        private int count;
        public long made;

        public void emit(int fromNode, int total) {
            node = fromNode;
            count = total;
        }

        @Override
        public void work() {
            if (made < count) {
                Reading r = makeCapsule(Reading.class);
                r.fill(node, made++);
                out.put(r);
            }
        }
    }

    /** Checks each reading against its node's next number (drops at the node skip numbers, never reorder). */
    public static final class Checker extends org.streamflex.Filter {
        private Channel<Reading> in;
        private final long[] perNode;
        private final long[] next;
        public long received;
        public long wrong;

        Checker() {
            perNode = new long[8];
            next = new long[8];
        }

        /** Readings from node {@code n} that arrived whole and in order. */
        public long perNode(int n) {
            return perNode[n];
        }

        @Override
        public void work() {
            while (in.size() > 0) {
                Reading r = in.take();
                int n = r.node;
                if (n < 1 || n >= next.length || r.number < next[n] || !r.matches(n, r.number)) {
                    wrong++;
                } else {
                    next[n] = r.number + 1;
                    perNode[n]++;
                }
                received++;
            }
        }
    }

    public static final class CapsuleCut extends StreamFlexGraph {
        final Maker maker;
        final Checker checker;

        CapsuleCut(int node, int items) {
            Clock clock = makeClock(50);
            maker = makeFilter(Maker.class);
            checker = makeFilter(Checker.class);
            maker.emit(node, items);
            connect(clock, maker);
            connect(maker, checker, 64);
            runOnServer(checker);
            validate();
        }
    }

    /** Another capsule class where the server expects Reading. */
    public static final class Other extends Capsule {
        public int value;

        private Other() {
        }
    }

    public static final class OtherMaker extends org.streamflex.Filter {
        private Channel<Other> out;

        @Override
        public void work() {
            out.put(makeCapsule(Other.class));
        }
    }

    public static final class OtherTaker extends org.streamflex.Filter {
        private Channel<Other> in;

        @Override
        public void work() {
            in.take();
        }
    }

    /** The same filter and channel names as CapsuleCut, carrying Other. */
    public static final class OtherCut extends StreamFlexGraph {
        OtherCut() {
            Clock clock = makeClock(100);
            OtherMaker maker = makeFilter(OtherMaker.class);
            OtherTaker taker = makeFilter(OtherTaker.class);
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

    private static long capsulesAccepted(CapsuleCut node) {
        return links(node).client(0).counters().accepted();
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
        return LoopbackPorts.unused();
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
