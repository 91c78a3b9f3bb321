package org.streamflex.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Every command a README shows is run by a test, so that no README advertises a command that
 * fails. {@link #COVERED} maps each command, exactly as the README writes it (see
 * {@link ReadmeCommands} for what counts), to the file that runs it and how. A README that shows a
 * new command fails this test until a test runs it and the command is added here; a command no
 * README shows any more must leave the map too.
 *
 * <p>Scope: commands are run "at least with small input". Where the file that runs a command is a
 * build file rather than a test, the build itself is the run: {@code ./mvnw verify} is the command
 * that runs every test, and a few commands differ from what {@code verify} does only in a flag
 * that makes them long (the full jcstress run) or in where they install (never {@code ~/.m2} from
 * a test). Each such entry says so.
 */
class ReadmeCommandsTest {
    record Covered(String by, String how) {
    }

    static final String IDS_README_TEST =
            "samples/ids/src/test/java/org/streamflex/samples/ids/ReadmeCommandsTest.java";
    static final String JMH_README_IT = "jmh/src/test/java/org/streamflex/bench/ReadmeCommandsIT.java";
    static final String ARCHETYPE_IT = "streamflex-archetype/src/test/resources/projects/basic/goal.txt";
    static final String GENERATE_IT = "streamflex-archetype/src/it/readme-generate/invoker.properties";
    static final String GENERATE = "mvn archetype:generate -DarchetypeGroupId=org.streamflex"
            + " -DarchetypeArtifactId=streamflex-archetype -DarchetypeVersion=0.1.0-SNAPSHOT -DgroupId=com.example"
            + " -DartifactId=my-pipeline -DinteractiveMode=false";

    static final Map<String, Covered> COVERED = new LinkedHashMap<>();

    static {
        cover("./mvnw verify", ".ci/run", "the build itself: CI runs it, and it runs every test named here");
        cover("./mvnw -q checkstyle:check", "pom.xml",
                "the code-style execution runs this goal, with this configuration, in every verify");
        cover("./mvnw -q compile exec:java", IDS_README_TEST,
                "IdsMain.run with no arguments in the test's JVM: exec:java runs IdsMain's main with none");
        cover("./mvnw -q compile exec:java -Dstreamflex.skipSimple=false",
                "streamflex-runtime/src/test/java/org/streamflex/runtime/example/SimpleMainTest.java",
                "SimpleMain.main with no arguments, which exec:java runs in streamflex-runtime before the IDS");
        cover("./mvnw -q compile exec:java -Dids.args=\"--pcap samples/ids/captures/mix.pcapng.gz"
                + " --trust 10.1.0.0/16 --period 0\"", IDS_README_TEST, "IdsMain.run with the -Dids.args words");
        cover("./mvnw -q package -pl samples/ids -am -DskipTests", "samples/ids/src/test/java/org/streamflex/"
                + "samples/ids/IdsJarIT.java", "verify packages the jar first; IdsJarIT runs that jar");
        for (String args : List.of("--pcap samples/ids/captures/attacks.pcapng",
                "--pcap samples/ids/captures/mix-cooked2.pcapng.gz --trust 10.1.0.0/16",
                "--pcap samples/ids/captures/mixed-links.pcapng.gz", "--help")) {
            cover("java -jar samples/ids/target/streamflex-ids.jar " + args, IDS_README_TEST,
                    "IdsMain.run with these arguments, and the exit code the README's comment states");
        }
        cover("java -cp samples/ids/target/streamflex-ids.jar org.streamflex.samples.ids.pcap.TrafficGenerator"
                + " out.pcap 20000 1", IDS_README_TEST, "TrafficGenerator.main with these arguments, into a temp dir");
        String marmotTest = "samples/marmot/src/test/java/org/streamflex/samples/marmot/ReadmeCommandsTest.java";
        cover("./mvnw -q package -pl samples/marmot -am -DskipTests", "samples/marmot/src/test/java/org/streamflex/"
                + "samples/marmot/MarmotJarIT.java", "verify packages the jar first; MarmotJarIT runs that jar");
        for (String args : List.of("--scene samples/marmot/scenes/small --plots marmot-plots",
                "generate --out my-scene --seed 7 --calls 10 --seconds 60", "--scene my-scene --plots none",
                "--help")) {
            cover("java -jar samples/marmot/target/streamflex-marmot.jar " + args, marmotTest,
                    "MarmotMain.run with these arguments, the files it writes in a temp dir");
        }
        cover("java -jar samples/marmot/target/streamflex-marmot.jar --scene samples/marmot/scenes/room --plots none",
                "samples/marmot/src/test/java/org/streamflex/samples/marmot/RoomRecordingTest.java",
                "MarmotMain.run with these arguments, its answers checked against the room's truth");
        String marmotExec = "./mvnw -q compile exec:java -pl samples/marmot -am -Dmarmot.skip=false";
        cover(marmotExec, marmotTest, "MarmotMain.run with the pom's default -Dmarmot.args words");
        cover(marmotExec + " -Dmarmot.args=\"--scene samples/marmot/scenes/small --plots none --band 2500:7000\"",
                marmotTest, "MarmotMain.run with the -Dmarmot.args words");
        cover("./mvnw -q verify -pl samples/marmot -am -DskipITs -Dtest=PacedRunNoGcTest"
                + " -Dsurefire.failIfNoSpecifiedTests=false -Dmarmot.paced.seconds=180",
                "samples/marmot/pom.xml", "its no-gc execution runs PacedRunNoGcTest in every verify, with 10 s of"
                + " audio and a 64 MiB heap: the same test, scaled down");
        String marmotSplit = "samples/marmot/src/test/java/org/streamflex/samples/marmot/SplitRunJvmTest.java";
        String marmotJar = "java -jar samples/marmot/target/streamflex-marmot.jar --site ";
        String smallScene = " --scene samples/marmot/scenes/small ";
        cover(marmotJar + "server" + smallScene + "--listen 127.0.0.1:7400 --timeout 600 --plots server-plots",
                marmotSplit,
                "MarmotMain in a JVM of its own with the test's class path, on a port free at the test's start");
        for (String node : List.of("A", "B", "C")) {
            cover(marmotJar + "node --node " + node + smallScene + "--server 127.0.0.1:7400", marmotSplit,
                    "MarmotMain in a JVM of its own with the test's class path, sending to the server's port");
        }
        cover("./mvnw -q package -pl jmh -am -DskipTests", JMH_README_IT,
                "verify packages jmh/target/benchmarks.jar first; the IT runs that jar");
        for (String benchmark : List.of("PassChain", "RegionBenchmark", "AtomicBenchmark", "StreamItBenchmark",
                "IdsBenchmark", "XStreamBenchmark", "SpaceTime")) {
            cover("java -jar jmh/target/benchmarks.jar " + benchmark + " -prof gc", JMH_README_IT,
                    "the same command, plus one fork, one 100 ms iteration and no warm-up");
        }
        cover("java --enable-native-access=ALL-UNNAMED -cp jmh/target/benchmarks.jar"
                + " org.streamflex.bench.predict.PredictabilityHarness", JMH_README_IT,
                "the same command with small --load-periods, --event-periods and --warmup");
        cover("java -cp jmh/target/benchmarks.jar org.streamflex.bench.streamit.StreamItMain beamformer 100000",
                JMH_README_IT, "the same command");
        cover("java -cp jmh/target/benchmarks.jar org.streamflex.bench.streamit.StreamItMain filterbank 100000"
                + " --fusion=off", JMH_README_IT, "the same command");
        cover("java -cp jmh/target/benchmarks.jar org.streamflex.bench.streamit.StreamItMain filterbank 10 --print",
                JMH_README_IT, "the same command");
        String xstream = "-cp jmh/target/benchmarks.jar org.streamflex.bench.xstream.XStreamMain";
        for (String command : List.of("java " + xstream + " --quick", "java -XX:+UseParallelGC " + xstream,
                "java " + xstream + " --no-sweep")) {
            cover(command, JMH_README_IT, "the same command with one replay per round, one round and no warm-up");
        }
        cover("java -cp jmh/target/benchmarks.jar org.streamflex.bench.marmot.MarmotBench --rounds 9", JMH_README_IT,
                "MarmotBench with one 12 s round and no warm-up; the ratios and bytes per detection in its output");
        cover("java -cp jmh/target/benchmarks.jar org.streamflex.bench.fission.ScalingMain", JMH_README_IT,
                "the same command with one 50 ms round, W = 10");
        cover("java -cp jmh/target/benchmarks.jar org.streamflex.bench.fission.ScalingMain --cores 16", JMH_README_IT,
                "the same command with one 50 ms round, W = 10");
        for (String program : new String[] {"--program filterbank", "--program beamformer",
                "--program beamformer --cores 16"}) {
            cover("java -cp jmh/target/benchmarks.jar org.streamflex.bench.fission.ScalingMain " + program,
                    JMH_README_IT, "one round of 0.05 s after a 0.1 s warm-up");
        }
        cover("java -cp jmh/target/benchmarks.jar org.streamflex.bench.net.LinkBenchMain", JMH_README_IT,
                "the same command with --seconds 0.2 --pings 200 --warmup 0.2");
        cover("java -cp jmh/target/benchmarks.jar org.streamflex.bench.net.CapsuleBenchMain", JMH_README_IT,
                "the same command with --seconds 0.2 --warmup 0.2");
        cover("java -cp jmh/target/benchmarks.jar org.streamflex.bench.net.SegmentBenchMain", JMH_README_IT,
                "the same command with --seconds 0.2 --warmup 0.2");
        cover("java -cp jmh/target/benchmarks.jar org.streamflex.bench.net.PayloadBenchMain", JMH_README_IT,
                "the same command with --seconds 0.2 --pings 200 --warmup 0.2");
        String hybrid = "taskset -c 0 java -cp jmh/target/benchmarks.jar org.streamflex.bench.hybrid.HybridMain";
        for (String command : List.of(hybrid, hybrid + " --quick")) {
            cover(command, JMH_README_IT, "the same command with 64 items per round, one round and no warm-up;"
                    + " without taskset -c 0 on a machine that has no taskset");
        }
        cover("java -jar jmh/target/benchmarks.jar PassChain -jvmArgsAppend \"-Xms1g -Xmx1g"
                + " -XX:StartFlightRecording:filename=run.jfr,+org.streamflex.Release#threshold=0ms\"", JMH_README_IT,
                "the same command for batch=64 pass=item, one fork, one 100 ms iteration and no warm-up");
        cover("jfr print --events org.streamflex.DeadlineMiss run.jfr", JMH_README_IT,
                "the JDK's jfr on the recording the command before wrote");
        cover("jfr summary run.jfr", JMH_README_IT, "the JDK's jfr on the recording the command before wrote");
        cover("jmh/jfr-cost.sh /tmp/before/benchmarks.jar jmh/target/benchmarks.jar 3", JMH_README_IT,
                "the script with this build's jar as both jars, one round, one 100 ms iteration per mode");
        cover("streamflex-checker/compile-overhead.sh streamflex-runtime 10",
                "streamflex-docs/src/test/java/org/streamflex/docs/CompileOverheadScriptTest.java",
                "the script on streamflex-test-fixtures with one run each way, against the archetype IT's repository");
        String flight = "streamflex-runtime/src/test/java/org/streamflex/runtime/flight/FlightCommandsTest.java";
        cover("java -XX:StartFlightRecording:filename=simple.jfr,+org.streamflex.Release#threshold=0ms"
                + " -cp \"$CLASSPATH\" org.streamflex.runtime.example.SimpleMain 100 0.5", flight,
                "the same java command in a process of its own, $CLASSPATH being this build's classes");
        cover("jfr print --events org.streamflex.Release,org.streamflex.DeadlineMiss simple.jfr", flight,
                "the JDK's jfr on the recording the command before wrote");
        cover("jfr summary simple.jfr", flight, "the JDK's jfr on the recording the command before wrote");
        cover("./mvnw -pl streamflex-concurrency -am verify -Djcstress.mode=default -Djcstress.splitCompilation=true"
                + " -Djcstress.time=1000 -Djcstress.preTouch=true",
                "streamflex-concurrency/pom.xml",
                "every verify runs the same jcstress execution in quick mode; the full mode takes hours");
        cover("javac -d classes -cp streamflex-api.jar -processorpath streamflex-checker.jar"
                + " -Xplugin:StreamFlex MyGraph.java",
                "streamflex-checker/src/test/java/org/streamflex/checker/PlainJavacTest.java",
                "javac in a process of its own with these options, the jars being this build's classes");
        cover("./mvnw -q install -DskipTests", "streamflex-archetype/pom.xml",
                "invoker:install installs the same artifacts into target/it-repo (a test must not write ~/.m2),"
                        + " and the archetype's integration tests build against them");
        cover(GENERATE, GENERATE_IT, "invoker:run runs it word for word after mvn");
        cover("cd my-pipeline && mvn verify", ARCHETYPE_IT,
                "archetype:integration-test generates my-pipeline and runs verify in it");
        cover("mvn verify", ARCHETYPE_IT, "the generated project's README: its verify is what the archetype IT runs");
        String nodeServerTest = "streamflex-runtime/src/test/java/org/streamflex/runtime/net/NodeServerJvmTest.java";
        cover("echo changeit > password", nodeServerTest, "writes the same password file into the test's directory");
        String nodeServerMain = " -Dstreamflex.net.trustStore=trust.p12 -Dstreamflex.net.passwordFile=password"
                + " -cp jmh/target/benchmarks.jar org.streamflex.runtime.example.NodeServerMain --seconds 0";
        cover("java -Dstreamflex.site=server -Dstreamflex.server=10.0.0.5:7400 -Dstreamflex.nodes=n1,n2"
                + " -Dstreamflex.net.allowNonLoopback=true -Dstreamflex.net.keyStore=server.p12" + nodeServerMain,
                nodeServerTest, "the same properties and options in a JVM of its own, on 127.0.0.1 and a port the"
                        + " server chooses, with the test's class path; its input is closed once both nodes sent");
        cover("java -Dstreamflex.site=node -Dstreamflex.node=n1 -Dstreamflex.server=10.0.0.5:7400"
                + " -Dstreamflex.net.keyStore=client.p12" + nodeServerMain, nodeServerTest,
                "twice (n1 and n2), each in a JVM of its own sending to the server's port, its input closed once it"
                        + " sent 200 items");
        for (String keytool : List.of(
                "keytool -genkeypair -alias ca -keyalg EC -dname CN=streamflex-dev-ca -ext bc:c -validity 30 "
                        + "-keystore ca.p12 -storepass changeit",
                "keytool -exportcert -rfc -alias ca -keystore ca.p12 -storepass changeit -file ca.pem",
                "keytool -importcert -noprompt -alias ca -file ca.pem -keystore trust.p12 -storepass changeit",
                "keytool -genkeypair -alias server -keyalg EC -dname CN=localhost -validity 30 -keystore "
                        + "server.p12 -storepass changeit",
                "keytool -certreq -alias server -keystore server.p12 -storepass changeit -file server.csr",
                "keytool -gencert -rfc -alias ca -keystore ca.p12 -storepass changeit -infile server.csr "
                        + "-outfile server.pem -validity 30 -ext SAN=dns:localhost,ip:127.0.0.1 -ext EKU=serverAuth",
                "keytool -importcert -noprompt -alias ca -file ca.pem -keystore server.p12 -storepass changeit",
                "keytool -importcert -alias server -file server.pem -keystore server.p12 -storepass changeit",
                "keytool -genkeypair -alias client -keyalg EC -dname CN=streamflex-client -validity 30 "
                        + "-keystore client.p12 -storepass changeit",
                "keytool -certreq -alias client -keystore client.p12 -storepass changeit -file client.csr",
                "keytool -gencert -rfc -alias ca -keystore ca.p12 -storepass changeit -infile client.csr "
                        + "-outfile client.pem -validity 30 -ext EKU=clientAuth",
                "keytool -importcert -noprompt -alias ca -file ca.pem -keystore client.p12 -storepass changeit",
                "keytool -importcert -alias client -file client.pem -keystore client.p12 -storepass changeit")) {
            cover(keytool, "streamflex-runtime/src/test/java/org/streamflex/runtime/net/DevCertificates.java",
                    "the JDK's keytool with the same words, in a temporary directory; SecureLinkTest links with the"
                            + " stores it makes");
        }
        cover("keytool -gencrl -rfc -alias ca -keystore ca.p12 -storepass changeit -file revoked.crl -id $(printf %u"
                + " 0x$(keytool -printcert -file client.pem | sed -n 's/^Serial number: //p'))",
                "streamflex-runtime/src/test/java/org/streamflex/runtime/net/CrlTest.java",
                "with bash, the JDK's tools first on the path, in the directory of DevCertificates' stores; the test"
                        + " then links with the list it makes");
    }

    static void cover(String command, String by, String how) {
        COVERED.put(command, new Covered(by, how));
    }

    static List<ReadmeCommands.Shown> shown() {
        List<ReadmeCommands.Shown> shown = new ArrayList<>();
        for (Path readme : Repository.readmes()) {
            shown.addAll(ReadmeCommands.of(readme));
        }
        return shown;
    }

    @Test
    void everyCommandAReadmeShowsIsRunByATest() {
        List<String> uncovered = new ArrayList<>();
        for (ReadmeCommands.Shown s : shown()) {
            if (!COVERED.containsKey(s.command())) {
                uncovered.add(s + "\n    no test runs it: add one that does, and register the command in "
                        + "ReadmeCommandsTest.COVERED (streamflex-docs)");
            }
        }
        assertEquals(List.of(), uncovered);
    }

    @Test
    void everyRegisteredCommandIsStillShownAndItsTestExists() {
        Set<String> shown = new TreeSet<>();
        shown().forEach(s -> shown.add(s.command()));
        List<String> stale = new ArrayList<>();
        COVERED.forEach((command, covered) -> {
            if (!shown.contains(command)) {
                stale.add(command + ": no README shows it any more; remove it from ReadmeCommandsTest.COVERED");
            }
            if (!Files.isRegularFile(Repository.root().resolve(covered.by()))) {
                stale.add(command + ": " + covered.by() + ", which should run it, does not exist");
            }
        });
        assertEquals(List.of(), stale);
    }

    @Test
    void theArchetypeCommandIsTheOneTheInvokerRuns() {
        String properties = Repository.read(Repository.root().resolve(GENERATE_IT));
        assertTrue(properties.lines().anyMatch(l -> l.equals("invoker.goals=" + GENERATE.substring("mvn ".length()))),
                GENERATE_IT + " must run the README's command: " + GENERATE);
    }

    @Test
    void everyLineOfAShellBlockAndCommandsElsewhereAreFoundButNotCodeOrComments() {
        String readme = """
                Run `./mvnw -q checkstyle:check` or `StreamFlexGraph`, then
                `java -jar
                x.jar --help`.

                ```bash
                ./mvnw verify      # all of it
                # ./mvnw not-a-command
                java -cp a.jar \\
                     Main 1
                ```

                ```java
                java.util.List<String> no;
                ```

                ```bash
                D=x; for e in a b; do echo $e; done
                ```

                ```
                packets analyzed: 3
                jfr summary run.jfr
                ```
                Then `jmh/jfr-cost.sh a.jar b.jar 3`.
                """;
        assertEquals(List.of(
                        new ReadmeCommands.Shown("R", 1, "./mvnw -q checkstyle:check"),
                        new ReadmeCommands.Shown("R", 2, "java -jar x.jar --help"),
                        new ReadmeCommands.Shown("R", 6, "./mvnw verify"),
                        new ReadmeCommands.Shown("R", 8, "java -cp a.jar Main 1"),
                        new ReadmeCommands.Shown("R", 17, "D=x; for e in a b; do echo $e; done"),
                        new ReadmeCommands.Shown("R", 22, "jfr summary run.jfr"),
                        new ReadmeCommands.Shown("R", 24, "jmh/jfr-cost.sh a.jar b.jar 3")),
                ReadmeCommands.of("R", readme).stream()
                        .sorted((a, b) -> Integer.compare(a.line(), b.line())).toList());
    }
}
