package org.streamflex.runtime.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.streamflex.fixtures.LoopbackPorts;

/**
 * The fault test of two JVMs: a receiver JVM killed with SIGKILL mid-stream and another started on
 * its port, while this JVM's sender keeps running; at the end every item is accounted for.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class ReceiverKillTest {
    private static final LinkIdentity ID = LinkIdentity.of("g", "c", ElementKind.LONG, LinkMode.DROP);

    @Test
    void aReceiverKilledAndRestartedLosesOnlyCountedItems() throws Exception {
        int port = LoopbackPorts.unused().getPort(); // the receiver restarts on it
        InetSocketAddress address = new InetSocketAddress(InetAddress.getLoopbackAddress(), port);
        Receiver first = Receiver.start(port);
        Receiver second = null;
        NetworkLinkClient out = null;
        LinkProducer producer = null;
        String state = "";
        try {
            out = NetworkLinkClient.connect(address, ID, 1024, LinkClientSettings.DEFAULT
                    .withReconnect(new ReconnectPolicy(Duration.ofMillis(20), Duration.ofMillis(500), 0.2))
                    .withStallTimeout(Duration.ofMinutes(2)));
            NetworkLinkClient client = out;
            LinkCounters sender = out.counters();
            producer = LinkProducer.start(out, LinkMode.DROP);
            waitFor(() -> sender.acknowledged() >= 50_000, "50 000 items acknowledged by the first receiver",
                    sender::toString);
            // Acknowledged and held before the kill: its counts are then exactly those the sender saw
            // acknowledged; what the sender writes from here on dies with it, in flight.
            Map<String, String> held = first.command("hold", "HELD");
            long received1 = number(held, "delivered") + number(held, "droppedAtReceiver");
            waitFor(() -> sender.acknowledged() == received1, "the sender to see the last ACK",
                    () -> sender + "; first receiver " + held);
            long attempts = out.connectAttempts();
            first.kill();
            waitFor(() -> client.connectAttempts() >= attempts + 2, "attempts to reach the killed receiver",
                    () -> sender + "; " + client.lastProblem());
            second = Receiver.start(port);
            waitFor(() -> client.connections() == 2 && sender.acknowledged() >= received1 + 50_000,
                    "50 000 items acknowledged by the second receiver", () -> sender + "; " + client.lastProblem());
            producer.stop();
            waitFor(() -> client.queued() == 0 && sender.acknowledged() == sender.sent() - sender.lostInFlight(),
                    "the second receiver to acknowledge every item", sender::toString);
            out.close();
            Map<String, String> last = second.command("exit", "FINAL");
            second.awaitExit();
            state = "sender " + sender + "; first receiver " + held + "; second receiver " + last;
            assertEquals("false", last.get("linked"), state);
            assertEquals(producer.offered(), sender.accepted(), state);
            assertEquals(sender.accepted(), sender.sent() + sender.droppedAtSender() + sender.discardedAtClose(),
                    "on the sender everything accepted is sent, dropped or discarded: " + state);
            assertEquals(sender.sent(), sender.acknowledged() + sender.lostInTransit() + sender.lostInFlight(),
                    "on the sender everything sent is acknowledged or counted lost: " + state);
            assertTrue(sender.lostInFlight() > 0, "what was in flight to the killed receiver is counted: " + state);
            long received2 = number(last, "delivered") + number(last, "droppedAtReceiver");
            assertEquals(sender.accepted(), received1 + received2 + sender.lostInFlight() + sender.lostInTransit()
                    + sender.droppedAtSender() + sender.discardedAtClose(),
                    "both receivers' items and the sender's counted losses make up every item: " + state);
            assertEquals(0, number(last, "lostInTransit"), "the second connection ended with CLOSE: " + state);
            assertEquals(number(held, "delivered"), number(held, "consumed"), state);
            assertEquals(number(last, "delivered"), number(last, "consumed"), state);
            assertEquals("true", held.get("increasing"), state);
            assertEquals("true", last.get("increasing"), state);
            assertTrue(number(held, "last") < number(last, "first"),
                    "sequence numbers keep increasing from the first receiver to the second: " + state);
        } catch (AssertionError | RuntimeException e) {
            throw new AssertionError(e.getMessage() + "\nfirst receiver's stderr: " + first.errors()
                    + (second == null ? "" : "\nsecond receiver's stderr: " + second.errors()), e);
        } finally {
            if (producer != null) {
                producer.stop();
            }
            if (out != null) {
                out.close();
            }
            first.kill();
            if (second != null) {
                second.kill();
            }
        }
    }

    private static long number(Map<String, String> line, String key) {
        String value = line.get(key);
        if (value == null) {
            throw new AssertionError("no " + key + " in the receiver's line " + line);
        }
        return Long.parseLong(value);
    }

    private static void waitFor(BooleanSupplier condition, String what, Supplier<String> state)
            throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out after 90 s waiting for " + what + ": " + state.get());
            }
            Thread.sleep(2);
        }
    }

    /** A {@link LinkReceiverMain} JVM: its stdout lines queued, its stderr kept for failures. */
    private static final class Receiver {
        private final Process process;
        private final Writer commands;
        private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        private final BlockingQueue<String> errors = new LinkedBlockingQueue<>();

        private Receiver(Process process) {
            this.process = process;
            this.commands = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
            pump(process.getInputStream(), line -> lines.add(line));
            pump(process.getErrorStream(), errors::add);
        }

        static Receiver start(int port) throws IOException, InterruptedException {
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            Process process = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                    LinkReceiverMain.class.getName(), Integer.toString(port), "DROP", "4096").start();
            Receiver receiver = new Receiver(process);
            String ready = receiver.lines.poll(90, TimeUnit.SECONDS);
            if (ready == null || !ready.equals("READY " + port)) {
                process.destroyForcibly();
                throw new AssertionError("the receiver JVM did not start on port " + port + " within 90 s: "
                        + ready + "; " + receiver.errors);
            }
            return receiver;
        }

        /** Sends {@code command}; returns the fields of the answer, which starts with {@code answer}. */
        Map<String, String> command(String command, String answer) throws IOException, InterruptedException {
            commands.write(command + "\n");
            commands.flush();
            String line = lines.poll(90, TimeUnit.SECONDS);
            if (line == null || !line.startsWith(answer + " ")) {
                throw new AssertionError("the receiver JVM answered '" + line + "' to " + command + "; " + errors);
            }
            Map<String, String> fields = new HashMap<>();
            for (String field : line.substring(answer.length() + 1).split(" ", -1)) {
                int eq = field.indexOf('=');
                fields.put(field.substring(0, eq), field.substring(eq + 1));
            }
            return fields;
        }

        void kill() throws InterruptedException {
            process.destroyForcibly();
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                throw new AssertionError("the receiver JVM did not die within 60 s of SIGKILL");
            }
        }

        void awaitExit() throws InterruptedException {
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                throw new AssertionError("the receiver JVM did not exit within 60 s: " + errors);
            }
            assertEquals(0, process.exitValue(), this::errors);
        }

        String errors() {
            return String.join("\n", errors);
        }

        private static void pump(InputStream stream, Consumer<String> sink) {
            Thread pump = new Thread(() -> {
                try (BufferedReader reader = new BufferedReader(new InputStreamReader(stream,
                        StandardCharsets.UTF_8))) {
                    String line;
                    while ((line = reader.readLine()) != null) {
                        sink.accept(line);
                    }
                } catch (IOException e) {
                    sink.accept("(stream ended: " + e.getMessage() + ")");
                }
            }, "receiver-output");
            pump.setDaemon(true);
            pump.start();
        }
    }
}
