package org.streamflex.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs every command of jmh/README.md on the jar {@code package} just built, each in a JVM of its
 * own as a user runs it, with small input: the JMH commands with one 100 ms iteration, no warm-up
 * and no fork (every benchmark and parameter set still runs, with its profiler, in the JVM the
 * command started: a fork for each started 62 JVMs, two thirds of those commands' CPU time, 82 s
 * against 28 s on an idle 2-vCPU machine; the command that records with JFR still forks, so JMH's
 * forking and a fork's {@code -jvmArgsAppend} are still run); the predictability
 * harness with a few hundred periods; {@code XStreamMain} with one replay per round, one round and
 * no warm-up; {@code HybridMain} with 64 items per round, one round and no warm-up, under
 * {@code taskset -c 0} as shown where the machine has {@code taskset} (Linux) and without it
 * elsewhere; {@code StreamItMain} as written; {@code ScalingMain} with one round of 50 ms (W = 10
 * for the heavy pipeline, a warm-up of 100 ms for the StreamIt programs); {@code LinkBenchMain} with
 * 0.2 s of throughput, 200 pings and a warm-up of 0.2 s; {@code CapsuleBenchMain} and
 * {@code SegmentBenchMain} with 0.2 s of throughput and a warm-up of 0.2 s; {@code PayloadBenchMain}
 * with 0.2 s of throughput, 200 pings and a warm-up of 0.2 s. The build command,
 * {@code ./mvnw -q package -pl jmh -am -DskipTests}, is what made the jar. A command of another
 * shape fails the test until it has a runner here.
 */
@Timeout(1200) // a guard against a hang, not a limit on speed: a busy machine is slower, never wrong
class ReadmeCommandsIT {
    static final String JAR = "jmh/target/benchmarks.jar";
    static final String BUILD = "./mvnw -q package -pl jmh -am -DskipTests";
    static final Pattern JMH = Pattern.compile("java -jar " + Pattern.quote(JAR) + " (\\w+) -prof gc");
    static final String HARNESS = "java --enable-native-access=ALL-UNNAMED -cp " + JAR
            + " org.streamflex.bench.predict.PredictabilityHarness";
    static final String STREAMIT = "java -cp " + JAR + " org.streamflex.bench.streamit.StreamItMain ";
    static final String XSTREAM = "java -cp " + JAR + " org.streamflex.bench.xstream.XStreamMain";
    /** The long XStream run names its collector (jmh/README.md, "Which collector"). */
    static final String XSTREAM_PARALLEL_GC = "java -XX:+UseParallelGC -cp " + JAR
            + " org.streamflex.bench.xstream.XStreamMain";
    static final String SCALING = "java -cp " + JAR + " org.streamflex.bench.fission.ScalingMain";
    /** Two JVMs on loopback: the network links against raw Netty (jmh/README.md, "Network links"). */
    static final String LINKS = "java -cp " + JAR + " org.streamflex.bench.net.LinkBenchMain";
    /** Two JVMs on loopback: 64-byte capsules on a link against raw Netty (jmh/README.md, "Network links"). */
    static final String CAPSULE_LINKS = "java -cp " + JAR + " org.streamflex.bench.net.CapsuleBenchMain";
    /** Two JVMs on loopback: 8 KiB signal segments on a link against raw Netty (jmh/README.md, "Network links"). */
    static final String SEGMENT_LINKS = "java -cp " + JAR + " org.streamflex.bench.net.SegmentBenchMain";
    /** Two JVMs on loopback: 0.5 KB and 8 KB capsules on links against raw Netty (jmh/README.md, "Item sizes"). */
    static final String PAYLOAD_LINKS = "java -cp " + JAR + " org.streamflex.bench.net.PayloadBenchMain";
    /** The marmot node against its plain-Java version (jmh/README.md, "Marmot"). */
    static final String MARMOT = "java -cp " + JAR + " org.streamflex.bench.marmot.MarmotBench";
    /** The hybrid scheduler's micro-benchmarks, on one core as the paper ran them (jmh/README.md). */
    static final String HYBRID = "taskset -c 0 java -cp " + JAR + " org.streamflex.bench.hybrid.HybridMain";
    static final String RECORD = "java -jar " + JAR + " PassChain -jvmArgsAppend ";
    static final String JFR_COST = "jmh/jfr-cost.sh ";
    static final Pattern BASH = Pattern.compile("```bash\\n(.*?)```", Pattern.DOTALL);
    static final Pattern INLINE = Pattern.compile("`(java -jar [^`]+)`");

    @TempDir
    Path dir;

    record Exit(int exit, String out) {
    }

    /** The READMEs' commands: their bash blocks' lines and inline {@code java -jar} spans, normalised. */
    static List<String> commands() throws IOException {
        String readme = Files.readString(Path.of("README.md"));
        List<String> commands = new ArrayList<>();
        Matcher block = BASH.matcher(readme);
        while (block.find()) {
            String joined = block.group(1).replace("\\\n", " ");
            for (String line : joined.lines().toList()) {
                // A comment starts a word, as the shell reads it: Release#threshold is not one.
                int hash = line.strip().startsWith("#") ? line.indexOf('#') : line.indexOf(" #");
                String command = (hash < 0 ? line : line.substring(0, hash)).strip().replaceAll("\\s+", " ");
                if (!command.isEmpty()) {
                    commands.add(command);
                }
            }
        }
        Matcher inline = INLINE.matcher(readme);
        while (inline.find()) {
            commands.add(inline.group(1).strip().replaceAll("\\s+", " "));
        }
        return commands.stream().distinct().toList();
    }

    /** The words of a command as the shell splits them: at blanks, except inside double quotes. */
    static List<String> words(String command) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean quoted = false;
        boolean any = false;
        for (int i = 0; i < command.length(); i++) {
            char c = command.charAt(i);
            if (c == '"') {
                quoted = !quoted;
                any = true;
            } else if (c == ' ' && !quoted) {
                if (any) {
                    words.add(word.toString());
                }
                word.setLength(0);
                any = false;
            } else {
                word.append(c);
                any = true;
            }
        }
        if (any) {
            words.add(word.toString());
        }
        return words;
    }

    static String jar() {
        return Path.of("target", "benchmarks.jar").toAbsolutePath().toString();
    }

    static Exit java(Path dir, List<String> words) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse("java"));
        for (String word : words.subList(1, words.size())) {
            command.add(word.equals(JAR) ? jar() : word);
        }
        return run(dir, command, Map.of());
    }

    /**
     * A command {@code taskset -c 0 java ...}: as written, with this test's JDK, where {@code taskset}
     * is on the path; without {@code taskset -c 0} where it is not (it is Linux's), on every core.
     */
    static Exit hybrid(Path dir, List<String> words) throws IOException, InterruptedException {
        List<String> java = words.subList(3, words.size());
        Path taskset = Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                .filter(d -> !d.isEmpty()).map(d -> Path.of(d, "taskset")).filter(Files::isExecutable).findFirst()
                .orElse(null);
        if (taskset == null) {
            return java(dir, java);
        }
        List<String> command = new ArrayList<>(List.of(taskset.toString(), words.get(1), words.get(2),
                ProcessHandle.current().info().command().orElse("java")));
        for (String word : java.subList(1, java.size())) {
            command.add(word.equals(JAR) ? jar() : word);
        }
        return run(dir, command, Map.of());
    }

    /** A JDK tool ({@code jfr}) of the JDK running this test. */
    static Exit tool(Path dir, List<String> words) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(words);
        command.set(0, Path.of(System.getProperty("java.home"), "bin", words.get(0)).toString());
        return run(dir, command, Map.of());
    }

    /** {@code e}, once it is checked that {@code command} exited with 0 (its output in the message if not). */
    static Exit succeeded(String command, Exit e) {
        assertEquals(0, e.exit(), command + "\n" + e.out());
        return e;
    }

    static Exit run(Path dir, List<String> command, Map<String, String> env) throws IOException,
            InterruptedException {
        Path log = dir.resolve("out.log");
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile());
        builder.environment().putAll(env);
        Process p = builder.start();
        p.getOutputStream().close();
        assertTrue(p.waitFor(900, TimeUnit.SECONDS), String.join(" ", command) + " did not finish");
        return new Exit(p.exitValue(), Files.readString(log));
    }

    /**
     * The README's commands in two lanes at once, each command in a JVM of its own, each lane in a
     * directory of its own: one lane runs the commands that start JMH first, in the README's order
     * (JMH runs one instance at a time, holding a lock file, and the {@code jfr} commands read the
     * recording the JMH command before them wrote); the other commands are independent of each other
     * and go, in the README's order, to whichever lane is free. The lanes halve the test's time on two
     * idle cores; the checks are the same, and none of them measures speed. Each command's time is
     * printed, for whoever trims this.
     */
    @Test
    void everyCommandOfTheReadmeRuns() throws Exception {
        List<String> commands = commands();
        assertTrue(commands.size() >= 9, commands.toString());
        List<String> jmhFirst = commands.stream().filter(ReadmeCommandsIT::startsJmh).toList();
        Queue<String> rest = new ConcurrentLinkedQueue<>(commands.stream().filter(c -> !startsJmh(c)).toList());
        ExecutorService lane = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "readme-jmh-lane");
            t.setDaemon(true);
            return t;
        });
        Throwable failure = null;
        try {
            Future<?> jmhRuns = lane.submit(() -> {
                Path own = Files.createDirectories(dir.resolve("jmh"));
                for (String command : jmhFirst) {
                    timed(command, own);
                }
                drain(rest, own);
                return null;
            });
            try {
                drain(rest, Files.createDirectories(dir.resolve("other")));
            } catch (Exception | AssertionError e) {
                failure = e;
            }
            try {
                jmhRuns.get(); // the other lane's commands have their own time limits
            } catch (ExecutionException e) {
                if (failure == null) {
                    failure = e.getCause();
                } else {
                    failure.addSuppressed(e.getCause());
                }
            }
        } finally {
            lane.shutdownNow();
        }
        if (failure instanceof Exception e) {
            throw e;
        }
        if (failure instanceof Error e) {
            throw e;
        }
    }

    /** Runs the commands of {@code queue} in {@code dir} until it is empty (the other lane takes from it too). */
    private static void drain(Queue<String> queue, Path dir) throws Exception {
        try {
            for (String command = queue.poll(); command != null; command = queue.poll()) {
                timed(command, dir);
            }
        } catch (Exception | AssertionError e) {
            queue.clear();
            throw e;
        }
    }

    /** Whether {@code command} runs JMH, or reads what a JMH run wrote. */
    static boolean startsJmh(String command) {
        return JMH.matcher(command).matches() || command.startsWith(RECORD) || command.startsWith("jfr ")
                || command.startsWith(JFR_COST);
    }

    private static void timed(String command, Path dir) throws Exception {
        long start = System.nanoTime();
        check(command, dir);
        System.out.printf(Locale.ROOT, "ReadmeCommandsIT: %.1f s  %s%n", (System.nanoTime() - start) / 1e9, command);
    }

    /** Runs {@code command} in {@code dir} as the README shows it, with small input, and checks its output. */
    static void check(String command, Path dir) throws Exception {
        List<String> words = new ArrayList<>(Arrays.asList(command.split(" ", -1)));
        Matcher jmh = JMH.matcher(command);
        if (jmh.matches()) {
            words.addAll(List.of("-f", "0", "-wi", "0", "-i", "1", "-r", "100ms", "-foe", "true"));
            Exit e = succeeded(command, java(dir, words));
            assertTrue(e.out().contains("gc.alloc.rate.norm") && e.out().contains(jmh.group(1)),
                    command + ": a result with the gc profiler's columns\n" + e.out());
        } else if (command.equals(HARNESS)) {
            Path out = dir.resolve("predictability");
            words.addAll(List.of("--out", out.toString(), "--load-periods", "300", "--event-periods", "300",
                    "--warmup", "200"));
            succeeded(command, java(dir, words));
            try (Stream<Path> files = Files.list(out)) {
                assertTrue(files.anyMatch(f -> f.toString().endsWith(".csv")), "release logs in " + out);
            }
        } else if (command.startsWith(XSTREAM) || command.startsWith(XSTREAM_PARALLEL_GC)) {
            words.addAll(List.of("--replays", "1", "--warmup", "0", "--rounds", "1"));
            Exit e = succeeded(command, java(dir, words));
            List<String> lines = e.out().lines().toList();
            assertTrue(e.out().contains("machine: ")
                    && lines.stream().anyMatch(l -> l.matches("STATFILTER +plain .*"))
                    && lines.stream().anyMatch(l -> l.matches("SILENCEFILTER +[0-9.]+x +859x .*"))
                    && lines.stream().anyMatch(l -> l.matches("  with-hash-join .*")),
                    command + ": the table and the ratios\n" + e.out());
        } else if (command.startsWith(SCALING)) {
            boolean streamIt = words.contains("--program") && !words.contains("heavy");
            words.addAll(List.of("--rounds", "1", "--seconds", "0.05"));
            words.addAll(streamIt ? List.of("--warmup", "0.1") : List.of("--work", "10"));
            Exit e = succeeded(command, java(dir, words));
            assertTrue(e.out().contains("mean speed-up on ")
                    && (!streamIt || e.out().lines().anyMatch(l -> l.startsWith("  worker 0: "))),
                    command + "\n" + e.out());
        } else if (command.equals(LINKS)) {
            words.addAll(List.of("--seconds", "0.2", "--pings", "200", "--warmup", "0.2"));
            Exit e = succeeded(command, java(dir, words));
            assertTrue(e.out().lines().anyMatch(l -> l.startsWith("CREDIT link "))
                    && e.out().lines().anyMatch(l -> l.startsWith("ratio link / raw Netty "))
                    && e.out().contains("peer exited"), command + ": both tables\n" + e.out());
        } else if (command.equals(CAPSULE_LINKS)) {
            words.addAll(List.of("--seconds", "0.2", "--warmup", "0.2"));
            Exit e = succeeded(command, java(dir, words));
            assertTrue(e.out().lines().anyMatch(l -> l.startsWith("capsule link "))
                    && e.out().contains("each whole and in order") && e.out().contains("peer exited"),
                    command + ": the table\n" + e.out());
        } else if (command.equals(SEGMENT_LINKS)) {
            words.addAll(List.of("--seconds", "0.2", "--warmup", "0.2"));
            Exit e = succeeded(command, java(dir, words));
            assertTrue(e.out().lines().anyMatch(l -> l.startsWith("segment link "))
                    && e.out().contains("each with its start and samples") && e.out().contains("peer exited"),
                    command + ": the table\n" + e.out());
        } else if (command.equals(PAYLOAD_LINKS)) {
            words.addAll(List.of("--seconds", "0.2", "--pings", "200", "--warmup", "0.2"));
            Exit e = succeeded(command, java(dir, words));
            assertTrue(e.out().lines().anyMatch(l -> l.startsWith("ratio link / raw Netty 512 B "))
                    && e.out().lines().anyMatch(l -> l.startsWith("ratio link / raw Netty 8192 B "))
                    && e.out().lines().anyMatch(l -> l.startsWith("capsule link "))
                    && e.out().contains("each whole and in order") && e.out().contains("peer exited"),
                    command + ": both tables\n" + e.out());
        } else if (command.startsWith(MARMOT)) {
            words.addAll(List.of("--rounds", "1", "--warmup", "0", "--seconds", "12"));
            Exit e = succeeded(command, java(dir, words));
            assertTrue(e.out().contains("StreamFlex / plain time") && e.out().contains("DOA time per detection")
                    && e.out().contains("StreamFlex / plain time, CPU time")
                    && e.out().contains("bytes per detection: 388 sent"), command + ": the ratios\n" + e.out());
        } else if (command.startsWith(HYBRID)) {
            words.addAll(List.of("--items", "64", "--warmup", "0", "--rounds", "1"));
            Exit e = succeeded(command, hybrid(dir, words));
            List<String> lines = e.out().lines().toList();
            for (String section : List.of("5.1.1", "5.1.2", "5.1.3", "5.2.1")) {
                assertTrue(lines.stream().anyMatch(l -> l.startsWith(section + " ")), section + "\n" + e.out());
            }
            assertTrue(lines.stream().anyMatch(l -> l.matches("  31 +([0-9.]+x +){3}10x"))
                    && lines.stream().anyMatch(l -> l.matches("  32 +([0-9.]+x +){9}10.5x")),
                    command + ": the ratios beside the paper's\n" + e.out());
        } else if (command.startsWith(STREAMIT)) {
            Exit e = succeeded(command, java(dir, words));
            assertTrue(command.endsWith("--print") ? e.out().lines().count() >= 80
                    : e.out().contains("steady-state iterations in"), command + "\n" + e.out());
        } else if (command.startsWith(RECORD)) {
            words = words(command);
            // StreamFlex's chain alone, one parameter set: the recording is of its events, and the
            // other six runs (queues, the Disruptor, plain calls) took two thirds of this command's time.
            words.addAll(List.of("-e", "arrayBlockingQueues", "-e", "disruptor", "-e", "plainCalls", "-p", "batch=64",
                    "-p", "pass=item", "-f", "1", "-wi", "0", "-i", "1", "-r", "100ms", "-foe", "true"));
            succeeded(command, java(dir, words));
            assertTrue(Files.size(dir.resolve("run.jfr")) > 0, command + ": the fork wrote its recording");
        } else if (command.startsWith("jfr ")) {
            Exit e = succeeded(command, tool(dir, words));
            assertTrue(!command.startsWith("jfr summary") || e.out().contains("Event Type"), e.out());
        } else if (command.startsWith(JFR_COST)) {
            // Both jars are the one just built; one round of one 100 ms iteration per mode.
            List<String> script = List.of("bash", Path.of("jfr-cost.sh").toAbsolutePath().toString(), jar(),
                    jar(), "1");
            Exit e = succeeded(command, run(dir, script, Map.of("PASSCHAIN_OPTS", "-f 1 -wi 0 -i 1 -r 100ms",
                    "JAVA_HOME", System.getProperty("java.home"))));
            for (String mode : List.of("off", "disabled", "defaults")) {
                for (String which : List.of("before", "after")) {
                    assertTrue(e.out().lines().anyMatch(l -> l.matches("1 +" + mode + " +" + which + " +\\d+ .*")),
                            mode + " " + which + " in\n" + e.out());
                }
            }
        } else if (!command.equals(BUILD)) { // the build ran BUILD: this test runs on the jar it made
            fail("jmh/README.md shows `" + command + "`, which this test does not run: add a runner for it");
        }
    }

    @Test
    void theReadmeIsReadAsShown() throws Exception {
        List<String> commands = commands();
        assertTrue(commands.contains(HARNESS), commands.toString());
        assertTrue(commands.contains(XSTREAM + " --quick") && commands.contains(XSTREAM_PARALLEL_GC),
                "the XStream section: " + commands);
        assertTrue(commands.contains(HYBRID) && commands.contains(HYBRID + " --quick"),
                "the hybrid section: " + commands);
        assertTrue(commands.contains(SCALING + " --program filterbank")
                && commands.contains(SCALING + " --program beamformer"), "the StreamIt programs' scaling: " + commands);
        assertTrue(commands.contains("java -jar jmh/target/benchmarks.jar RegionBenchmark -prof gc"), "inline span");
        assertTrue(commands.contains(LINKS), "the network links' section: " + commands);
        assertTrue(commands.contains(CAPSULE_LINKS), "the capsule links' command: " + commands);
        assertTrue(commands.contains(SEGMENT_LINKS), "the segment links' command: " + commands);
        assertTrue(commands.contains(PAYLOAD_LINKS), "the item sizes' command: " + commands);
        assertTrue(commands.contains(MARMOT + " --rounds 9"), "the marmot section: " + commands);
        assertTrue(new String(Files.readAllBytes(Path.of("README.md")), StandardCharsets.UTF_8).contains(BUILD));
    }
}
