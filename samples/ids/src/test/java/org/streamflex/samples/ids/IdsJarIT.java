package org.streamflex.samples.ids;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The runnable jar as a user runs it, {@code java -jar target/streamflex-ids.jar ...}, in a JVM
 * of its own: its manifest (main class, native access), its shading, its exit codes.
 */
@Timeout(600) // a guard against a hang, not a limit on speed: a busy machine is slower, never wrong
class IdsJarIT {
    static final Path JAR = Path.of("target", "streamflex-ids.jar");

    record Exit(int exit, String out, String err) {
    }

    static Exit java(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse("java"));
        command.add("-jar");
        command.add(JAR.toString());
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).start();
        p.getOutputStream().close();
        var out = p.getInputStream().readAllBytes();
        var err = p.getErrorStream().readAllBytes();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        return new Exit(p.exitValue(), new String(out, StandardCharsets.UTF_8),
                new String(err, StandardCharsets.UTF_8));
    }

    @Test
    void theJarAnalyzesPcapngAndLinuxCookedCapturesAsItDoesClassicPcap() throws Exception {
        Map<String, String> pcap = analysis("mix.pcap.gz");
        assertEquals("2000", pcap.get("packets"));
        for (String other : new String[] {"mix.pcapng.gz", "mix-cooked.pcap.gz", "mix-cooked2.pcapng.gz"}) {
            assertEquals(pcap, analysis(other), other);
        }
    }

    static Map<String, String> analysis(String capture) throws Exception {
        Exit p = java("--pcap", "captures/" + capture, "--trust", "10.1.0.0/16");
        assertEquals(0, p.exit(), capture + ": " + p.err());
        assertTrue(!p.err().contains("WARNING"), "native access is enabled by the manifest: " + p.err());
        return Run.analysis(Run.report(p.out()));
    }

    @Test
    void theJarsExitCodesReachTheShell() throws Exception {
        Exit help = java("--help");
        assertEquals(0, help.exit());
        assertEquals(IdsOptions.USAGE, help.out());
        Exit usage = java("--period", "abc");
        assertEquals(2, usage.exit());
        assertEquals("", usage.out());
        Exit missing = java("--pcap", "captures/no-such.pcapng");
        assertEquals(3, missing.exit());
        assertEquals("ids: captures/no-such.pcapng: no such file", missing.err().strip());
        Exit links = java("--pcap", "captures/mixed-links.pcapng.gz", "--period", "0");
        assertEquals(5, links.exit(), links.err());
    }
}
