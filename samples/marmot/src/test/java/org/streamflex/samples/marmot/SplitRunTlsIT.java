package org.streamflex.samples.marmot;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.streamflex.fixtures.Keytool;
import org.streamflex.fixtures.ReadmeBlock;

/**
 * The README's secured run: the server and three nodes of {@link SplitRunJvmTest}, over TLS 1.3
 * with mutual certificates, configured by the runtime's {@code streamflex.net.*} properties only
 * (the server also allowed beyond loopback, as across machines; it still listens on 127.0.0.1,
 * which its certificate names). The certificates are made by the keytool commands of the runtime
 * README's "Securing a link", word for word. The answers are the one-JVM run's.
 */
@Timeout(value = 400, unit = TimeUnit.SECONDS)
class SplitRunTlsIT {
    @TempDir
    Path dir;

    @Test
    void aServerAndThreeNodeJvmsOverTlsGiveTheOneJvmAnswers() throws Exception {
        Path runtimeReadme = Path.of("../../streamflex-runtime/README.md");
        List<String> keytool = ReadmeBlock.bashLines(runtimeReadme, "### Securing a link");
        assertEquals(13, keytool.size(), keytool::toString);
        Keytool.run(dir, keytool); // word for word, in one JVM rather than thirteen
        Files.writeString(dir.resolve("password"), "changeit\n");
        List<String> tls = List.of("-Dstreamflex.net.trustStore=" + dir.resolve("trust.p12"),
                "-Dstreamflex.net.passwordFile=" + dir.resolve("password"));
        List<String> server = new ArrayList<>(tls);
        server.add("-Dstreamflex.net.keyStore=" + dir.resolve("server.p12"));
        server.add("-Dstreamflex.net.allowNonLoopback=true");
        List<String> node = new ArrayList<>(tls);
        node.add("-Dstreamflex.net.keyStore=" + dir.resolve("client.p12"));
        SplitRunJvmTest.runAndCompare(dir, server, node);
    }
}
