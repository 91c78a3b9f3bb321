package org.streamflex.runtime.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.streamflex.runtime.example.NodeServerMain;

/**
 * The README's "A graph across machines": {@code NodeServerMain} started as a server and as two
 * nodes, three JVMs on loopback over TLS 1.3 with the README's development certificates, deployed
 * by system properties only. Every item a node sent is what the server received from it.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class NodeServerJvmTest {
    private static final Pattern SENDS = Pattern.compile("sends Peaks\\.out->Tally\\.in \\(int, CREDIT\\):"
            + " accepted (\\d+),"
            + " refused \\d+, droppedAtSender (\\d+), sent (\\d+), discardedAtClose (\\d+), .*acknowledged (\\d+),"
            + " lostInFlight (\\d+)");
    private static final Pattern RECEIVES = Pattern.compile("receives Peaks\\.out->Tally\\.in from (n\\d) \\(int,"
            + " CREDIT\\): .*delivered (\\d+), droppedAtReceiver (\\d+), lostInTransit (\\d+)");

    @Test
    void aServerAndTwoNodeJvmsOverTlsAccountForEveryItem(@TempDir Path dir) throws Exception {
        DevCertificates.makeIn(dir);
        Path password = dir.resolve("password");
        Files.writeString(password, new String(DevCertificates.PASSWORD) + "\n");
        List<String> tls = List.of("-Dstreamflex.net.trustStore=" + dir.resolve("trust.p12"),
                "-Dstreamflex.net.passwordFile=" + password);
        Jvm server = Jvm.start(tls, "-Dstreamflex.site=server", "-Dstreamflex.server=127.0.0.1:0",
                "-Dstreamflex.nodes=n1,n2", "-Dstreamflex.net.allowNonLoopback=true",
                "-Dstreamflex.net.keyStore=" + dir.resolve("server.p12"),
                "--seconds", "0", "--period", "200");
        String running = server.line();
        Matcher at = Pattern.compile("listening at 127\\.0\\.0\\.1:(\\d+)").matcher(running);
        assertTrue(at.find(), running);
        List<Jvm> nodes = new ArrayList<>();
        for (String node : List.of("n1", "n2")) {
            nodes.add(Jvm.start(tls, "-Dstreamflex.site=node", "-Dstreamflex.node=" + node,
                    "-Dstreamflex.server=127.0.0.1:" + at.group(1),
                    "-Dstreamflex.net.keyStore=" + dir.resolve("client.p12"),
                    "--seconds", "0", "--period", "200"));
        }
        // Each node runs until it has sent 200 items, however slowly this machine starts three JVMs.
        for (Jvm node : nodes) {
            node.awaitLine(Pattern.compile("progress: sampled \\d+ sent (\\d+)"),
                    m -> Long.parseLong(m.group(1)) >= 200);
            node.endInput();
        }
        long[] sent = new long[2];
        for (int n = 0; n < 2; n++) {
            String out = nodes.get(n).finish();
            Matcher m = SENDS.matcher(out);
            assertTrue(m.find(), out);
            long samples = Long.parseLong(find("(?m)^sampled (\\d+)", out));
            long accepted = Long.parseLong(m.group(1));
            sent[n] = Long.parseLong(m.group(3));
            assertTrue(accepted > 0 && accepted <= (samples + 9) / 10, out); // one peak in ten samples
            assertEquals(accepted, sent[n], out);
            assertEquals(0, Long.parseLong(m.group(2)) + Long.parseLong(m.group(4)), out);
            assertEquals(sent[n], Long.parseLong(m.group(5)), "acknowledged: " + out);
            assertEquals(0, Long.parseLong(m.group(6)), out);
        }
        server.endInput();
        String out = server.finish();
        Matcher m = RECEIVES.matcher(out);
        long total = 0;
        for (int n = 0; n < 2; n++) {
            assertTrue(m.find(), out);
            assertEquals("n" + (n + 1), m.group(1), out);
            assertEquals(sent[n], Long.parseLong(m.group(2)), out);
            assertEquals(0, Long.parseLong(m.group(3)) + Long.parseLong(m.group(4)), out);
            total += sent[n];
        }
        assertEquals(Long.toString(total), find("(?m)^received (\\d+), sum", out), out);
    }

    @Test
    void aServerThatMayNotListenBeyondLoopbackSaysHowAndExits1() throws Exception {
        Jvm server = Jvm.start(List.of(), "-Dstreamflex.site=server", "-Dstreamflex.server=0.0.0.0:0",
                "-Dstreamflex.nodes=n1", "--seconds", "1");
        assertEquals(1, server.exit());
        assertTrue(server.errors().contains("not a loopback address"), server.errors());
    }

    @Test
    void aNodeWithoutItsIdIsABadCommandLine() throws Exception {
        Jvm node = Jvm.start(List.of(), "-Dstreamflex.site=node", "-Dstreamflex.server=127.0.0.1:7400",
                "--seconds", "1");
        assertEquals(2, node.exit());
        assertTrue(node.errors().contains("streamflex.site=node needs streamflex.node"), node.errors());
    }

    private static String find(String regex, String text) {
        Matcher m = Pattern.compile(regex).matcher(text);
        assertTrue(m.find(), regex + " in " + text);
        return m.group(1);
    }

    /** One JVM running NodeServerMain with the test's class path. */
    @SuppressWarnings("JdkObsolete") // StringBuffer: written by the pump threads, read by the test's
    private static final class Jvm {
        private final Process process;
        private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        private final StringBuffer output = new StringBuffer();
        private final StringBuffer errors = new StringBuffer();
        private final Thread[] pumps = new Thread[2];

        private Jvm(Process process) {
            this.process = process;
            pumps[0] = Thread.ofPlatform().daemon().start(() -> pump(process.getInputStream(), true));
            pumps[1] = Thread.ofPlatform().daemon().start(() -> pump(process.getErrorStream(), false));
        }

        static Jvm start(List<String> properties, String... args) throws IOException {
            List<String> command = new ArrayList<>();
            command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            command.addAll(properties);
            List<String> options = new ArrayList<>();
            for (String a : args) {
                (a.startsWith("-D") ? command : options).add(a);
            }
            command.addAll(List.of("-cp", System.getProperty("java.class.path"), NodeServerMain.class.getName()));
            command.addAll(options);
            return new Jvm(new ProcessBuilder(command).start());
        }

        private void pump(java.io.InputStream in, boolean out) {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                for (String line = r.readLine(); line != null; line = r.readLine()) {
                    (out ? output : errors).append(line).append('\n');
                    if (out) {
                        lines.add(line);
                    }
                }
            } catch (IOException e) {
                (out ? output : errors).append(e).append('\n');
            }
        }

        /** Reads lines until one matches {@code pattern} and {@code done} accepts it. */
        void awaitLine(Pattern pattern, java.util.function.Predicate<Matcher> done) throws InterruptedException {
            while (true) {
                Matcher m = pattern.matcher(line());
                if (m.find() && done.test(m)) {
                    return;
                }
            }
        }

        String line() throws InterruptedException {
            String line = lines.poll(120, TimeUnit.SECONDS);
            if (line == null) {
                process.destroyForcibly();
                throw new AssertionError("no output within 120 s: " + errors);
            }
            return line;
        }

        int exit() throws InterruptedException {
            if (!process.waitFor(240, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError("did not exit within 240 s: " + output + errors);
            }
            for (Thread pump : pumps) {
                pump.join(10_000);
            }
            return process.exitValue();
        }

        String finish() throws InterruptedException {
            int status = exit();
            assertEquals(0, status, () -> output + "\n" + errors);
            return output.toString();
        }

        /** Closes the JVM's standard input: {@code --seconds 0} ends then. */
        void endInput() throws IOException {
            process.getOutputStream().close();
        }

        String errors() {
            return errors.toString();
        }
    }
}
