package org.streamflex.bench.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@code LinkBenchMain} in a JVM of its own, with tiny settings: the table's shape, the counts, the peer gone. */
@Timeout(300) // a guard against a hang, not a limit on speed
class LinkBenchMainTest {
    private static final String NUMBER = "[0-9]+(\\.[0-9]+)?";

    record Exit(int exit, String out, String err) {
    }

    static Exit run(String... args) throws IOException, InterruptedException {
        return run(LinkBenchMain.class, args);
    }

    /** Runs {@code main}'s main in a JVM of its own with this test's class path. */
    static Exit run(Class<?> main, String... args) throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path"),
                main.getName()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).start();
        p.getOutputStream().close();
        byte[] err = p.getErrorStream().readAllBytes();
        byte[] out = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(240, TimeUnit.SECONDS), main.getSimpleName() + " did not exit");
        return new Exit(p.exitValue(), new String(out, StandardCharsets.UTF_8),
                new String(err, StandardCharsets.UTF_8));
    }

    @Test
    void tinyRunPrintsBothTablesWithCountsThatReconcileAndLeavesNoPeer() throws Exception {
        Exit e = run("--seconds", "0.2", "--pings", "200", "--warmup", "0.2");
        String all = e.out() + "\n" + e.err();
        assertEquals(0, e.exit(), all);
        List<String> lines = e.out().lines().toList();
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("machine: ")), all);
        assertTrue(lines.stream().anyMatch(l -> l.matches("raw Netty +" + NUMBER + " +" + NUMBER + " +" + NUMBER
                + " +n/a +1\\.00x")), all);
        assertTrue(lines.stream().anyMatch(l -> l.matches("CREDIT link +" + NUMBER + " +" + NUMBER + " +" + NUMBER
                + " +" + NUMBER + " +" + NUMBER + "x")), all);
        assertTrue(lines.stream().anyMatch(l -> l.matches("raw Netty +" + NUMBER + " +" + NUMBER)), all);
        assertTrue(lines.stream().anyMatch(l -> l.matches("CREDIT link +" + NUMBER + " +" + NUMBER)), all);
        assertTrue(lines.stream().anyMatch(l -> l.matches("ratio link / raw Netty +" + NUMBER + "x +" + NUMBER
                + "x")), all);

        Matcher counts = Pattern.compile("counts: raw Netty sent ([0-9]+) received ([0-9]+); CREDIT link accepted"
                + " ([0-9]+) sent ([0-9]+) received ([0-9]+)").matcher(e.out());
        assertTrue(counts.find(), all);
        assertEquals(counts.group(1), counts.group(2), "raw Netty: every long sent was received");
        assertEquals(counts.group(3), counts.group(4), "CREDIT: every item accepted was sent");
        assertEquals(counts.group(4), counts.group(5), "CREDIT: every item sent was received");
        assertTrue(Long.parseLong(counts.group(5)) > 0, all);

        Matcher pid = Pattern.compile("peer: pid ([0-9]+)").matcher(e.out());
        assertTrue(pid.find() && e.out().contains("peer exited"), all);
        long peer = Long.parseLong(pid.group(1));
        assertFalse(ProcessHandle.of(peer).map(ProcessHandle::isAlive).orElse(false), "peer " + peer + " still runs");
    }

    @Test
    void usageErrorsExitTwo() throws Exception {
        Exit e = run("--pings", "many");
        assertEquals(2, e.exit(), e.err());
        assertTrue(e.err().contains("LinkBenchMain: --pings needs a number, not many")
                && e.err().contains("usage: LinkBenchMain"), e.err());
        assertThrows(IllegalArgumentException.class, () -> BenchOptions.parse(true, "--seconds", "0"));
        assertThrows(IllegalArgumentException.class, () -> BenchOptions.parse(true, "--pings", "1.5"));
        assertThrows(IllegalArgumentException.class, () -> BenchOptions.parse(true, "--fast"));
        assertThrows(IllegalArgumentException.class, () -> BenchOptions.parse(false, "--pings", "10"));
        assertEquals(new BenchOptions(2, 20_000, 1), BenchOptions.parse(true));
        assertEquals(new BenchOptions(2, 1, 0), BenchOptions.parse(true, "--pings", "1", "--warmup", "0"));
    }

    @Test
    void peerExitsWhenItsStdinCloses() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                LinkBenchPeer.class.getName()).start();
        p.outputWriter(StandardCharsets.UTF_8).append("raw-sink\n").flush();
        String answer = p.inputReader(StandardCharsets.UTF_8).readLine();
        assertTrue(answer != null && answer.matches("port [0-9]+"), String.valueOf(answer));
        p.getOutputStream().close(); // as when the parent dies
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "the peer still runs after its stdin closed");
    }
}
