package org.streamflex.bench.net;

import io.netty.buffer.ByteBuf;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.Writer;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.function.LongConsumer;
import org.streamflex.bench.Machine;
import org.streamflex.runtime.net.ElementKind;
import org.streamflex.runtime.net.LinkIdentity;
import org.streamflex.runtime.net.LinkMode;
import org.streamflex.runtime.net.LongLinkReceiver;
import org.streamflex.runtime.net.NetworkLinkClient;
import org.streamflex.runtime.net.NetworkLinkServer;

/**
 * Network links between two JVMs on loopback against raw Netty between the same two JVMs, in the
 * same run: the throughput of a CREDIT link of longs (this JVM offers as fast as credit allows, a
 * second JVM, {@link LinkBenchPeer}, drains) against Netty writing frames of {@link RawNetty#BATCH}
 * longs with its own writability backpressure; and the one-way latency (round trip / 2) of a single
 * long by ping-pong, link A out and link B back, against a raw Netty echo.
 *
 * <pre>
 * java -cp jmh/target/benchmarks.jar org.streamflex.bench.net.LinkBenchMain [--seconds S] [--pings N]
 *     [--warmup S]
 * </pre>
 *
 * <p>Exit status 0; 1 if a run failed or its counts do not reconcile (the message says which); 2 on
 * a usage error.
 */
public final class LinkBenchMain {
    static final String USAGE = """
            usage: LinkBenchMain [--seconds S] [--pings N] [--warmup S]
              --seconds S  length of each throughput measurement, after the warm-up (2)
              --pings N    round trips measured for each latency, after the warm-up (20000)
              --warmup S   warm-up of each of the four runs, in seconds (1)""";
    static final LinkIdentity THROUGHPUT = LinkIdentity.of("linkbench", "throughput", ElementKind.LONG,
            LinkMode.CREDIT);
    static final LinkIdentity PING = LinkIdentity.of("linkbench", "ping", ElementKind.LONG, LinkMode.CREDIT);
    static final LinkIdentity PONG = LinkIdentity.of("linkbench", "pong", ElementKind.LONG, LinkMode.CREDIT);
    /** Both queues of the throughput link. */
    static final int QUEUE = 1 << 16;
    static final int PING_QUEUE = 1024;

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private LinkBenchMain() {
    }

    /** The command line, checked. */
    record Options(double seconds, int pings, double warmup) {
        static Options parse(String... args) {
            double seconds = 2;
            int pings = 20_000;
            double warmup = 1;
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--seconds" -> seconds = number(args, ++i, false);
                    case "--pings" -> {
                        double n = number(args, ++i, false);
                        if (n != Math.rint(n) || n > Integer.MAX_VALUE) {
                            throw new IllegalArgumentException("--pings needs a positive integer, not " + args[i]);
                        }
                        pings = (int) n;
                    }
                    case "--warmup" -> warmup = number(args, ++i, true);
                    default -> throw new IllegalArgumentException("unknown argument " + args[i]);
                }
            }
            return new Options(seconds, pings, warmup);
        }

        private static double number(String[] args, int i, boolean zero) {
            if (i >= args.length) {
                throw new IllegalArgumentException(args[i - 1] + " needs a value");
            }
            double v;
            try {
                v = Double.parseDouble(args[i]);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(args[i - 1] + " needs a number, not " + args[i], e);
            }
            if (!Double.isFinite(v) || v < 0 || (v == 0 && !zero)) {
                throw new IllegalArgumentException(args[i - 1] + " needs a " + (zero ? "non-negative" : "positive")
                        + " number, not " + args[i]);
            }
            return v;
        }
    }

    /** A run that failed, or whose counts do not reconcile. */
    static final class BenchFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;

        BenchFailure(String message) {
            super(message);
        }
    }

    public static void main(String[] args) {
        Options options;
        try {
            options = Options.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("LinkBenchMain: " + e.getMessage());
            System.err.println(USAGE);
            System.exit(2);
            return;
        }
        try {
            run(options, System.out);
        } catch (IOException | RuntimeException e) {
            System.out.flush();
            System.err.println("LinkBenchMain: " + (e instanceof BenchFailure ? e.getMessage() : e.toString()));
            System.exit(1);
        }
    }

    /** Runs the four measurements with a peer JVM of its own, and prints the table on {@code out}. */
    static void run(Options o, PrintStream out) throws IOException {
        Machine.describe().forEach(out::println);
        out.printf(Locale.ROOT, "two JVMs on loopback; each run: %.1f s warm-up; throughput over %.1f s, latency over"
                + " %d pings%n", o.warmup(), o.seconds(), o.pings());
        try (Peer peer = new Peer()) {
            out.println("peer: pid " + peer.pid());
            Rate raw = rawThroughput(peer, o);
            Rate link = linkThroughput(peer, o);
            long[] rawRtt = rawPings(peer, o);
            long[] linkRtt = linkPings(peer, o);
            out.println();
            out.println("throughput       items/s       MB/s  B/item (process)  B/item (producer)  ratio");
            out.println(raw.row("raw Netty", raw));
            out.println(link.row("CREDIT link", raw));
            out.printf(Locale.ROOT, "counts: raw Netty sent %d received %d; CREDIT link accepted %d sent %d"
                    + " received %d%n", raw.sent(), raw.received(), link.accepted(), link.sent(), link.received());
            out.println();
            out.println("one-way latency (round trip / 2)   median us   p99 us");
            out.printf(Locale.ROOT, "raw Netty                         %9.1f %8.1f%n", median(rawRtt), p99(rawRtt));
            out.printf(Locale.ROOT, "CREDIT link                       %9.1f %8.1f%n", median(linkRtt), p99(linkRtt));
            out.printf(Locale.ROOT, "ratio link / raw Netty            %8.2fx %7.2fx%n",
                    median(linkRtt) / median(rawRtt), p99(linkRtt) / p99(rawRtt));
        }
        out.println("peer exited");
    }

    /** A throughput run: the window's items, time and allocation; the run's counts. */
    record Rate(long items, long nanos, long processBytes, long producerBytes, long accepted, long sent,
            long received) {
        double perSecond() {
            return items * 1e9 / nanos;
        }

        String row(String name, Rate baseline) {
            return String.format(Locale.ROOT, "%-12s %12.0f %10.1f %17.3f %18s %5.2fx", name, perSecond(),
                    perSecond() * Long.BYTES / 1e6, (double) processBytes / items,
                    producerBytes < 0 ? "n/a" : String.format(Locale.ROOT, "%.3f", (double) producerBytes / items),
                    perSecond() / baseline.perSecond());
        }
    }

    /** What the clock, the count and the allocation counters say at one instant. */
    record Snapshot(long nanos, long count, long processBytes, long producerBytes) {
        static Snapshot take(long count, long producerThread) {
            return new Snapshot(System.nanoTime(), count, THREADS.getTotalThreadAllocatedBytes(),
                    producerThread < 0 ? -1 : THREADS.getThreadAllocatedBytes(producerThread));
        }
    }

    static Rate rawThroughput(Peer peer, Options o) {
        return rawThroughput(peer, o, new RawNetty.Pump());
    }

    /** Raw Netty's run with {@code pump}'s frames. */
    static Rate rawThroughput(Peer peer, Options o, RawNetty.Pump pump) {
        int port = peer.port("raw-sink");
        try (RawNetty.Client client = new RawNetty.Client(port, pump)) {
            pump.start(client.channel);
            sleep(o.warmup());
            Snapshot a = Snapshot.take(pump.written(), -1);
            sleep(o.seconds());
            Snapshot b = Snapshot.take(pump.written(), -1);
            long sent = pump.stop();
            long received = peer.await(sent);
            if (received != sent) {
                throw new BenchFailure("raw Netty: sent " + sent + " longs, the peer received " + received);
            }
            return new Rate(b.count() - a.count(), b.nanos() - a.nanos(), b.processBytes() - a.processBytes(), -1,
                    sent, sent, received);
        } finally {
            peer.ask("stop");
        }
    }

    private static Rate linkThroughput(Peer peer, Options o) {
        int port = peer.port("link-sink");
        try (NetworkLinkClient link = NetworkLinkClient.connect(LinkBenchPeer.loopback(port), THROUGHPUT, QUEUE)) {
            Producer producer = new Producer(link);
            Thread thread = new Thread(producer, "link-bench-producer");
            thread.start();
            sleep(o.warmup());
            Snapshot a = Snapshot.take(link.counters().accepted(), thread.threadId());
            sleep(o.seconds());
            Snapshot b = Snapshot.take(link.counters().accepted(), thread.threadId());
            producer.running = false;
            join(thread);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (link.queued() > 0 && System.nanoTime() < deadline) {
                sleep(0.001);
            }
            long accepted = link.counters().accepted();
            long sent = link.counters().sent();
            long received = peer.await(accepted);
            if (sent != accepted || received != sent) {
                throw new BenchFailure("CREDIT link: accepted " + accepted + ", sent " + sent + ", the peer received "
                        + received + " (" + link.counters() + ")");
            }
            return new Rate(b.count() - a.count(), b.nanos() - a.nanos(), b.processBytes() - a.processBytes(),
                    b.producerBytes() - a.producerBytes(), accepted, sent, received);
        } finally {
            peer.ask("stop");
        }
    }

    /** Offers 0, 1, 2, ... as fast as credit allows. */
    private static final class Producer implements Runnable {
        private final NetworkLinkClient link;
        volatile boolean running = true;

        Producer(NetworkLinkClient link) {
            this.link = link;
        }

        @Override
        public void run() {
            long next = 0;
            int idle = 0;
            while (running) {
                if (link.offer(next)) {
                    next++;
                    idle = 0;
                } else {
                    idle = Idle.pause(idle);
                }
            }
        }
    }

    private static long[] rawPings(Peer peer, Options o) {
        int port = peer.port("raw-echo");
        RawNetty.LastEchoed last = new RawNetty.LastEchoed();
        try (RawNetty.Client client = new RawNetty.Client(port, RawNetty.frames(true), last)) {
            return pings(o, v -> {
                ByteBuf frame = client.channel.alloc().directBuffer(4 + Long.BYTES);
                frame.writeInt(Long.BYTES).writeLong(v);
                var _ = client.channel.writeAndFlush(frame, client.channel.voidPromise());
                int idle = 0;
                while (last.last() != v) {
                    idle = Idle.pause(idle);
                }
            });
        } finally {
            peer.ask("stop");
        }
    }

    private static long[] linkPings(Peer peer, Options o) {
        try (NetworkLinkServer here = NetworkLinkServer.open(LinkBenchPeer.loopback(0))) {
            LongLinkReceiver pong = here.longReceiver(PONG, PING_QUEUE);
            int port = peer.port("link-echo " + here.address().getPort());
            try (NetworkLinkClient ping = NetworkLinkClient.connect(LinkBenchPeer.loopback(port), PING, PING_QUEUE)) {
                Echoed echoed = new Echoed();
                return pings(o, v -> {
                    int idle = 0;
                    while (!ping.offer(v)) {
                        idle = Idle.pause(idle);
                    }
                    idle = 0;
                    while (pong.drain(echoed, 1) == 0) {
                        idle = Idle.pause(idle);
                    }
                    if (echoed.value != v) {
                        throw new BenchFailure("link ping-pong: sent " + v + ", " + echoed.value + " came back");
                    }
                });
            } finally {
                peer.ask("stop");
            }
        }
    }

    /** The value the pinging thread drained last. */
    private static final class Echoed implements LongConsumer {
        long value = -1;

        @Override
        public void accept(long v) {
            value = v;
        }
    }

    /** Round trips of {@code roundTrip} (sends a value, returns once it is back) for the warm-up, then N timed. */
    private static long[] pings(Options o, LongConsumer roundTrip) {
        long v = 0;
        long warm = System.nanoTime() + (long) (o.warmup() * 1e9);
        do {
            roundTrip.accept(v++);
        } while (System.nanoTime() < warm);
        long[] nanos = new long[o.pings()];
        for (int i = 0; i < nanos.length; i++) {
            long t0 = System.nanoTime();
            roundTrip.accept(v++);
            nanos[i] = System.nanoTime() - t0;
        }
        Arrays.sort(nanos);
        return nanos;
    }

    /** The median one-way time, round trip / 2, in microseconds, of sorted round trips. */
    static double median(long[] sorted) {
        return sorted[(sorted.length - 1) / 2] / 2e3;
    }

    /** The 99th percentile (nearest rank) one-way time in microseconds. */
    static double p99(long[] sorted) {
        return sorted[(int) Math.ceil(0.99 * sorted.length) - 1] / 2e3;
    }

    static void sleep(double seconds) {
        try {
            Thread.sleep((long) (seconds * 1000));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BenchFailure("interrupted");
        }
    }

    static void join(Thread thread) {
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BenchFailure("interrupted");
        }
    }

    /** The peer JVM and its control lines. */
    static final class Peer implements AutoCloseable {
        private final Process process;
        private final Writer commands;
        private final BufferedReader answers;
        private final Thread killer;

        Peer() throws IOException {
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            process = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                    LinkBenchPeer.class.getName()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
            commands = process.outputWriter(StandardCharsets.UTF_8);
            answers = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
            killer = new Thread(process::destroyForcibly, "link-bench-peer-killer");
            Runtime.getRuntime().addShutdownHook(killer);
        }

        long pid() {
            return process.pid();
        }

        String ask(String command) {
            try {
                commands.write(command + "\n");
                commands.flush();
                String answer = answers.readLine();
                if (answer == null) {
                    throw new BenchFailure("the peer JVM exited (" + command + ")");
                }
                if (answer.startsWith("error ")) {
                    throw new BenchFailure("the peer failed " + command + ": " + answer.substring(6));
                }
                return answer;
            } catch (IOException e) {
                throw new BenchFailure("the peer JVM: " + command + ": " + e);
            }
        }

        int port(String command) {
            String answer = ask(command);
            if (!answer.startsWith("port ")) {
                throw new BenchFailure("the peer answered " + command + " with " + answer);
            }
            return Integer.parseInt(answer.substring(5));
        }

        long await(long n) {
            String answer = ask("await " + n);
            if (!answer.startsWith("received ")) {
                throw new BenchFailure("the peer answered await with " + answer);
            }
            return Long.parseLong(answer.substring(9));
        }

        @Override
        public void close() {
            try {
                commands.write("exit\n");
                commands.close();
            } catch (IOException e) {
                // it is gone already: waitFor says so
            }
            try {
                if (!process.waitFor(10, TimeUnit.SECONDS)) {
                    process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                process.destroyForcibly();
            }
            Runtime.getRuntime().removeShutdownHook(killer);
        }
    }
}
