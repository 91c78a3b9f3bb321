package org.streamflex.runtime.net;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * A receiver in a JVM of its own, for {@link ReceiverKillTest}: listens on loopback at the given
 * port, consumes a long link into counts, and answers commands on stdin with one line on stdout.
 * {@code hold}: acknowledge what the link received and stop reading it (then the counts are what the
 * sender saw acknowledged), print {@code HELD} and the counts; {@code exit}: wait for the sender's
 * CLOSE, print {@code FINAL} and the counts, and exit.
 *
 * <pre>{@code
 * java -cp "$TEST_CLASSPATH" org.streamflex.runtime.net.LinkReceiverMain 40123 DROP 4096
 * }</pre>
 */
public final class LinkReceiverMain {
    private LinkReceiverMain() {
    }

    /** Arguments: port, mode (DROP or CREDIT), queue capacity. */
    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        LinkIdentity id = LinkIdentity.of("g", "c", ElementKind.LONG, LinkMode.valueOf(args[1]));
        try (NetworkLinkServer server = NetworkLinkServer.open(new InetSocketAddress(InetAddress.getLoopbackAddress(),
                port))) {
            LongLinkReceiver in = server.longReceiver(id, Integer.parseInt(args[2]));
            Consumed consumed = new Consumed();
            Thread consumer = new Thread(() -> {
                while (!Thread.currentThread().isInterrupted()) {
                    if (in.drain(consumed::take, 1024) == 0) {
                        Thread.onSpinWait();
                        sleepQuietly();
                    }
                }
            }, "consumer");
            consumer.setDaemon(true);
            consumer.start();
            System.out.println("READY " + server.address().getPort());
            BufferedReader commands = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
            String command;
            while ((command = commands.readLine()) != null) {
                switch (command.strip()) {
                    case "hold" -> {
                        in.holdLinkForTest().get(30, TimeUnit.SECONDS);
                        awaitConsumed(in, consumed);
                        System.out.println("HELD " + describe(in, consumed));
                    }
                    case "exit" -> {
                        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
                        while (in.isLinked() && System.nanoTime() < deadline) {
                            Thread.sleep(5);
                        }
                        awaitConsumed(in, consumed);
                        System.out.println("FINAL " + describe(in, consumed) + " linked=" + in.isLinked());
                        consumer.interrupt();
                        return;
                    }
                    default -> System.out.println("UNKNOWN " + command);
                }
            }
        }
    }

    private static void awaitConsumed(LongLinkReceiver in, Consumed consumed) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (consumed.count() != in.counters().delivered() && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
    }

    private static String describe(LongLinkReceiver in, Consumed consumed) {
        LinkCounters c = in.counters();
        return "delivered=" + c.delivered() + " droppedAtReceiver=" + c.droppedAtReceiver() + " droppedAtSender="
                + c.droppedAtSender() + " lostInTransit=" + c.lostInTransit() + " " + consumed;
    }

    private static void sleepQuietly() {
        try {
            Thread.sleep(0, 200_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** What the consumer took; written by it, read after it caught up. */
    private static final class Consumed {
        private volatile long count;
        private volatile long first = -1;
        private volatile long last = -1;
        private volatile boolean increasing = true;

        @SuppressWarnings("NonAtomicVolatileUpdate") // one writer, the consumer thread
        void take(long value) {
            if (first < 0) {
                first = value;
            }
            if (value <= last) {
                increasing = false;
            }
            last = value;
            count++;
        }

        long count() {
            return count;
        }

        @Override
        public String toString() {
            return "consumed=" + count + " first=" + first + " last=" + last + " increasing=" + increasing;
        }
    }
}
