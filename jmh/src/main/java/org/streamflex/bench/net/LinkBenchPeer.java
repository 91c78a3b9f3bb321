package org.streamflex.bench.net;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.LongConsumer;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;
import org.streamflex.Capsule;
import org.streamflex.bench.spacetime.OnPutRelay;
import org.streamflex.dsp.FloatSeg;
import org.streamflex.runtime.capsule.CapsuleType;
import org.streamflex.runtime.net.CapsuleCodec;
import org.streamflex.runtime.net.CapsuleLinkReceiver;
import org.streamflex.runtime.net.LinkClientSettings;
import org.streamflex.runtime.net.LinkEventLoop;
import org.streamflex.runtime.net.LinkIdentity;
import org.streamflex.runtime.net.LongLinkReceiver;
import org.streamflex.runtime.net.NetworkLinkClient;
import org.streamflex.runtime.net.NetworkLinkServer;
import org.streamflex.runtime.net.SharedCodec;
import org.streamflex.runtime.net.SharedLinkReceiver;
import org.streamflex.runtime.spacetime.InputConnection;
import org.streamflex.runtime.spacetime.ItemNotAvailableException;
import org.streamflex.runtime.spacetime.ItemView;
import org.streamflex.runtime.spacetime.OutputConnection;
import org.streamflex.runtime.spacetime.SpaceTime;
import org.streamflex.runtime.spacetime.SpaceTimeChannel;
import org.streamflex.runtime.spacetime.SpaceTimeServer;
import org.streamflex.runtime.spacetime.SpaceTimeThread;

/**
 * The receiving JVM of {@link LinkBenchMain}, started by it. It reads one command a line on stdin
 * and answers each with one line on stdout; it exits when stdin closes, so a parent that died never
 * leaves it running.
 *
 * <ul>
 *   <li>{@code raw-sink [UNIT]}: a raw Netty server counting, on its event loop, the items of UNIT
 *       bytes it receives (8, longs, if not given); answers {@code port P}.
 *   <li>{@code link-sink}: a server counting the longs a CREDIT link brings, drained by a consumer
 *       thread; answers {@code port P}.
 *   <li>{@code capsule-sink}, {@code payload-sink SIZE}: a server with a CREDIT link of capsules
 *       ({@link Record64} of {@link CapsuleBenchMain}; the {@link Payload} of SIZE bytes of
 *       {@link PayloadBenchMain}), drained by a consumer thread that decodes each into one pooled
 *       capsule and checks it is whole and next; answers {@code port P}. {@code broken} answers
 *       {@code broken N}, the capsules that were not.
 *   <li>{@code segment-sink N}: a server with a CREDIT link of {@code FloatSeg}s of N samples
 *       ({@link SegmentBenchMain}), drained by a consumer thread that decodes each into a new pooled
 *       segment, checks its start, length and first and last samples, and releases it; answers
 *       {@code port P}. {@code broken} answers {@code broken N}, the segments that were not right.
 *   <li>{@code raw-echo}: a raw Netty server writing every frame back; answers {@code port P}.
 *       {@code raw-thread-echo}: the same, but its event loop hands every frame to a thread of its
 *       own, which writes it back ({@link RawNetty.ThreadEcho}).
 *   <li>{@code link-echo P}: links back to the receiver at loopback port P (link B), opens a server
 *       for link A and echoes every item of A on B from a thread of its own; answers {@code port P'}.
 *       {@code payload-echo SIZE P} does the same with links of {@link Payload}s of SIZE bytes.
 *       {@code payload-loop-echo SIZE P} too, but with no thread: both link ends share one event loop
 *       ({@link LinkEventLoop}), and a handler on it ({@link CapsuleLinkReceiver#consumeOnLoop}) offers
 *       every item of A on B as the read that brought it runs.
 *   <li>{@code spacetime-echo SIZE [thread|on-put]}: a space-time server publishing channels
 *       {@code ping} and {@code pong} of items of SIZE bytes, and a thread of the space echoing each
 *       item of {@code ping} onto {@code pong} at its timestamp: from a Java thread of its own,
 *       blocked in its gets ({@code thread}, the default), or by asynchronous gets whose handler runs
 *       on the thread of the put that brought the item, the server's event loop ({@code on-put});
 *       answers {@code port P}.
 *   <li>{@code await N}: waits (10 s at most) until the sink counted N longs; answers {@code received C}.
 *   <li>{@code stop}: closes what the last command opened; answers {@code ok}. {@code exit}: exits.
 * </ul>
 *
 * <p>A failed command answers {@code error MESSAGE}.
 */
public final class LinkBenchPeer {
    private final List<AutoCloseable> open = new ArrayList<>();
    private volatile boolean running;
    private volatile long received;
    private volatile long broken;
    private RawNetty.Counter rawCounter;
    private Thread worker;

    public static void main(String[] args) throws IOException {
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        LinkBenchPeer peer = new LinkBenchPeer();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            if (line.equals("exit")) {
                break;
            }
            try {
                out.println(peer.command(line.strip().split(" ")));
            } catch (RuntimeException | InterruptedException e) {
                out.println("error " + e);
            }
        }
        // stdin closed or exit: the parent is done or gone; nothing here is worth waiting for.
        Runtime.getRuntime().halt(0);
    }

    private String command(String... words) throws InterruptedException {
        return switch (words[0]) {
            case "raw-sink" -> rawSink(words.length > 1 ? Integer.parseInt(words[1]) : Long.BYTES);
            case "raw-echo" -> rawEcho();
            case "raw-thread-echo" -> rawThreadEcho();
            case "link-sink" -> linkSink();
            case "capsule-sink" -> capsuleSink(CapsuleBenchMain.CAPSULES, Record64.class, CapsuleBenchMain.QUEUE,
                    CapsuleBenchMain.RECORD, r -> r.a, Record64::whole);
            case "payload-sink" -> payloadSink(Integer.parseInt(words[1]));
            case "segment-sink" -> segmentSink(Integer.parseInt(words[1]));
            case "broken" -> "broken " + broken;
            case "link-echo" -> linkEcho(words);
            case "payload-echo" -> payloadEcho(Integer.parseInt(words[1]), Integer.parseInt(words[2]));
            case "payload-loop-echo" -> payloadLoopEcho(Integer.parseInt(words[1]), Integer.parseInt(words[2]));
            case "spacetime-echo" -> spaceTimeEcho(Integer.parseInt(words[1]),
                    words.length > 2 ? words[2] : "thread");
            case "await" -> await(words);
            case "stop" -> stop();
            default -> throw new IllegalArgumentException("unknown command " + String.join(" ", words));
        };
    }

    private String rawSink(int unit) {
        rawCounter = new RawNetty.Counter(unit);
        RawNetty.Server server = new RawNetty.Server(true, () -> rawCounter);
        open.add(server);
        return "port " + server.port();
    }

    private String rawEcho() {
        RawNetty.Server server = new RawNetty.Server(false, RawNetty.Echo::new);
        open.add(server);
        return "port " + server.port();
    }

    private String rawThreadEcho() {
        RawNetty.ThreadEcho echo = new RawNetty.ThreadEcho();
        RawNetty.Server server = new RawNetty.Server(false, () -> echo);
        open.add(server);
        start(() -> {
            int idle = 0;
            while (running) {
                idle = echo.answerNext() ? 0 : Idle.pause(idle);
            }
            echo.releaseWaiting();
        });
        return "port " + server.port();
    }

    private String linkSink() {
        NetworkLinkServer server = NetworkLinkServer.open(loopback(0));
        open.add(server);
        LongLinkReceiver in = server.longReceiver(LinkBenchMain.THROUGHPUT, LinkBenchMain.QUEUE);
        received = 0;
        broken = 0; // longs are not checked: none is ever broken
        start(() -> {
            long count = 0;
            LongConsumer sink = v -> { };
            int idle = 0;
            while (running) {
                int n = in.drain(sink, LinkBenchMain.QUEUE);
                if (n > 0) {
                    count += n;
                    received = count;
                    idle = 0;
                } else {
                    idle = Idle.pause(idle);
                }
            }
        });
        return "port " + server.address().getPort();
    }

    private <P extends Payload> String payloadSink(int size) {
        Class<P> type = PayloadBenchMain.type(size);
        return capsuleSink(PayloadBenchMain.identity("sink", type), type, PayloadBenchMain.SINK_QUEUE,
                PayloadBenchMain.encodedSize(type), p -> p.sequence, Payload::whole);
    }

    /**
     * A server with a CREDIT link of capsules of {@code type}, polled into one pooled capsule; counts
     * those whose sequence number is not the next or that are not {@code whole}.
     */
    private <C extends Capsule> String capsuleSink(LinkIdentity identity, Class<C> type, int queue, int itemBytes,
            ToLongFunction<C> sequenceOf, Predicate<C> whole) {
        NetworkLinkServer server = NetworkLinkServer.open(loopback(0));
        open.add(server);
        CapsuleLinkReceiver<C> in = server.capsuleReceiver(identity, CapsuleCodec.of(type), queue, itemBytes);
        received = 0;
        broken = 0;
        start(() -> {
            C into = CapsuleType.of(type).newInstance(); // the one pooled capsule, reused
            long count = 0;
            long bad = 0;
            long expected = 0;
            int idle = 0;
            while (running) {
                int n = 0;
                while (n < 4096 && in.poll(into)) {
                    long sequence = sequenceOf.applyAsLong(into);
                    bad += whole.test(into) && sequence == expected ? 0 : 1;
                    expected = sequence + 1;
                    n++;
                }
                if (n > 0) {
                    count += n;
                    broken = bad;
                    received = count;
                    idle = 0;
                } else {
                    idle = Idle.pause(idle);
                }
            }
        });
        return "port " + server.address().getPort();
    }

    private String segmentSink(int samples) {
        NetworkLinkServer server = NetworkLinkServer.open(loopback(0));
        open.add(server);
        SharedLinkReceiver<FloatSeg> in = server.sharedReceiver(SegmentBenchMain.SEGMENTS,
                SharedCodec.of(FloatSeg.class), SegmentBenchMain.QUEUE, SegmentBenchMain.MAX_ITEM);
        received = 0;
        broken = 0;
        int first = SegmentBenchMain.sampleBits(0);
        int last = SegmentBenchMain.sampleBits(samples - 1);
        start(() -> {
            long count = 0;
            long bad = 0;
            long expected = 0;
            int idle = 0;
            while (running) {
                int n = 0;
                FloatSeg s;
                while (n < 256 && (s = in.poll()) != null) {
                    boolean right = s.start() == expected && s.length() == samples
                            && Float.floatToRawIntBits(s.get(0)) == first
                            && Float.floatToRawIntBits(s.get(samples - 1)) == last;
                    bad += right ? 0 : 1;
                    expected = s.start() + samples;
                    s.release(); // back to the pools: the next decode reuses its header and buffer
                    n++;
                }
                if (n > 0) {
                    count += n;
                    broken = bad;
                    received = count;
                    idle = 0;
                } else {
                    idle = Idle.pause(idle);
                }
            }
        });
        return "port " + server.address().getPort();
    }

    private String linkEcho(String... words) {
        NetworkLinkClient back = NetworkLinkClient.connect(loopback(Integer.parseInt(words[1])),
                LinkBenchMain.PONG, LinkBenchMain.PING_QUEUE);
        open.add(back);
        NetworkLinkServer server = NetworkLinkServer.open(loopback(0));
        open.add(server);
        LongLinkReceiver in = server.longReceiver(LinkBenchMain.PING, LinkBenchMain.PING_QUEUE);
        start(() -> {
            Echo echo = new Echo(back);
            int idle = 0;
            while (running) {
                idle = in.drain(echo, 1) > 0 ? 0 : Idle.pause(idle);
            }
        });
        return "port " + server.address().getPort();
    }

    private <P extends Payload> String payloadEcho(int size, int port) {
        Class<P> type = PayloadBenchMain.type(size);
        CapsuleCodec<P> codec = CapsuleCodec.of(type);
        int queue = PayloadBenchMain.PING_QUEUE;
        NetworkLinkClient back = NetworkLinkClient.connectCapsules(loopback(port), PayloadBenchMain.identity("pong",
                type), codec, queue, PayloadBenchMain.queueBytes(type, queue), LinkClientSettings.DEFAULT);
        open.add(back);
        NetworkLinkServer server = NetworkLinkServer.open(loopback(0));
        open.add(server);
        CapsuleLinkReceiver<P> in = server.capsuleReceiver(PayloadBenchMain.identity("ping", type), codec,
                PayloadBenchMain.PING_QUEUE, PayloadBenchMain.encodedSize(type));
        start(() -> {
            P item = CapsuleType.of(type).newInstance();
            int idle = 0;
            while (running) {
                if (in.poll(item)) {
                    idle = 0;
                    while (running && !back.offer(item)) {
                        idle = Idle.pause(idle);
                    }
                    idle = 0;
                } else {
                    idle = Idle.pause(idle);
                }
            }
        });
        return "port " + server.address().getPort();
    }

    /**
     * The echo of {@code payload-echo} without its thread: link B's sending end and link A's server on
     * one {@link LinkEventLoop}, and A's items handed on that loop to a handler that offers each on B
     * (kept when B has no credit, and handed again). Closed in reverse: A's server, B, then the loop.
     */
    private <P extends Payload> String payloadLoopEcho(int size, int port) {
        Class<P> type = PayloadBenchMain.type(size);
        CapsuleCodec<P> codec = CapsuleCodec.of(type);
        int queue = PayloadBenchMain.PING_QUEUE;
        LinkEventLoop loop = LinkEventLoop.create();
        open.add(loop);
        NetworkLinkClient back = NetworkLinkClient.connectCapsules(loopback(port), PayloadBenchMain.identity("pong",
                type), codec, queue, PayloadBenchMain.queueBytes(type, queue),
                LinkClientSettings.DEFAULT.withEventLoop(loop));
        open.add(back);
        NetworkLinkServer server = NetworkLinkServer.open(loopback(0), loop);
        open.add(server);
        CapsuleLinkReceiver<P> in = server.capsuleReceiver(PayloadBenchMain.identity("ping", type), codec, queue,
                PayloadBenchMain.encodedSize(type));
        in.consumeOnLoop(CapsuleType.of(type).newInstance(), (sequence, item) -> back.offer(item));
        return "port " + server.address().getPort();
    }

    /**
     * A space-time server of a space with channels {@code ping} and {@code pong}, and a thread that
     * gets each item of {@code ping} in timestamp order, puts its bytes on {@code pong} at the same
     * timestamp, consumes it and moves its virtual time past it: Stampede's relay, local to the space.
     */
    private String spaceTimeEcho(int size, String relay) {
        if (!relay.equals("thread") && !relay.equals("on-put")) {
            throw new IllegalArgumentException("spacetime-echo's relay is thread or on-put, not " + relay);
        }
        SpaceTime space = SpaceTime.create(size);
        open.add(space);
        SpaceTimeChannel ping = space.createChannel("ping");
        SpaceTimeChannel pong = space.createChannel("pong");
        SpaceTimeThread echo = space.join("echo", 0);
        InputConnection in = echo.attachInput(ping);
        OutputConnection out = echo.attachOutput(pong);
        SpaceTimeServer server = SpaceTimeServer.open(space, loopback(0)).publish(ping).publish(pong);
        open.add(server);
        if (relay.equals("on-put")) {
            in.getAsync(0, new OnPutRelay(echo, in, out)); // dropped when the space closes at stop
            return "port " + server.address().getPort();
        }
        start(() -> {
            long ts = 0;
            while (running) {
                ItemView item;
                try {
                    item = in.get(ts, 50, TimeUnit.MILLISECONDS);
                } catch (ItemNotAvailableException notYet) {
                    continue;
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
                try (item) {
                    out.put(ts, item); // straight from the got item's memory into the new one's: one copy
                }
                in.consume(ts);
                echo.setVirtualTime(ts + 1);
                ts++;
            }
        });
        return "port " + server.address().getPort();
    }

    private String await(String... words) throws InterruptedException {
        long n = Long.parseLong(words[1]);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (count() < n && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        return "received " + count();
    }

    private String stop() throws InterruptedException {
        running = false;
        if (worker != null) {
            worker.join();
            worker = null;
        }
        for (AutoCloseable c : open.reversed()) {
            try {
                c.close();
            } catch (Exception e) {
                throw new IllegalStateException("closing " + c + ": " + e, e);
            }
        }
        open.clear();
        rawCounter = null;
        return "ok";
    }

    private long count() {
        return rawCounter != null ? rawCounter.received() : received;
    }

    private void start(Runnable loop) {
        running = true;
        worker = new Thread(loop, "link-bench-peer");
        worker.setDaemon(true);
        worker.start();
    }

    static InetSocketAddress loopback(int port) {
        return new InetSocketAddress(InetAddress.getLoopbackAddress(), port);
    }

    /** Offers every item it is given on link B, waiting for credit. */
    private record Echo(NetworkLinkClient back) implements LongConsumer {
        @Override
        public void accept(long value) {
            int idle = 0;
            while (!back.offer(value)) {
                idle = Idle.pause(idle);
            }
        }
    }
}
