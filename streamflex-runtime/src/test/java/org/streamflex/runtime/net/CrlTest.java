package org.streamflex.runtime.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.streamflex.fixtures.ReadmeBlock;

/**
 * Certificate revocation lists: the README's {@code keytool -gencrl} command revokes the client of
 * the README's development certificates; a server that checks the list refuses that client (and
 * counts it as a refused peer), a client that checks it links to a server the list does not name,
 * and refuses a server a list names.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class CrlTest {
    private static final InetSocketAddress LOOPBACK = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
    private static final LinkIdentity ID = LinkIdentity.of("g", "c", ElementKind.LONG, LinkMode.CREDIT);
    private static final char[] PASSWORD = "changeit".toCharArray();

    @TempDir
    static Path dir;
    static DevCertificates certificates;

    @BeforeAll
    static void makeCertificatesAndRevokeTheClient() throws Exception {
        certificates = DevCertificates.makeIn(dir);
        List<String> commands = ReadmeBlock.bashLines(Path.of("README.md"), "#### Revoking a certificate");
        assertEquals(1, commands.size(), commands::toString);
        run(commands.getFirst());
        // Not in the README: the same command, revoking the server instead, for the client's side.
        run(commands.getFirst().replace("revoked.crl", "server-revoked.crl").replace("client.pem", "server.pem"));
    }

    @Test
    void aServerCheckingTheListRefusesTheRevokedClientAndCountsIt() throws Exception {
        LinkSecurity server = LinkSecurity.fromPkcs12(certificates.keyStore("server"), PASSWORD,
                certificates.trustStore(), PASSWORD, dir.resolve("revoked.crl"));
        try (NetworkLinkServer listening = NetworkLinkServer.open(LOOPBACK, false,
                FrameFormat.DEFAULT_MAX_FRAME_LENGTH, server)) {
            listening.longReceiver(ID, 64);
            LinkRefusedException e = assertThrows(LinkRefusedException.class, () -> NetworkLinkClient.connect(
                    listening.address(), ID, 64, FrameFormat.DEFAULT_MAX_FRAME_LENGTH, certificates.client()));
            assertTrue(e.getMessage().contains("SSLHandshakeException"), e.getMessage());
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (listening.refusedPeers() == 0 && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertEquals(1, listening.refusedPeers(), "the revoked client is counted as a refused peer");
        }
    }

    @Test
    void aClientCheckingTheListLinksToAServerItDoesNotName() throws Exception {
        LinkSecurity client = LinkSecurity.fromPkcs12(certificates.keyStore("client"), PASSWORD,
                certificates.trustStore(), PASSWORD, dir.resolve("revoked.crl"));
        try (NetworkLinkServer listening = NetworkLinkServer.open(LOOPBACK, false,
                FrameFormat.DEFAULT_MAX_FRAME_LENGTH, certificates.server())) {
            LongLinkReceiver in = listening.longReceiver(ID, 64);
            try (NetworkLinkClient out = NetworkLinkClient.connect(listening.address(), ID, 64,
                    FrameFormat.DEFAULT_MAX_FRAME_LENGTH, client)) {
                assertTrue(out.offer(7));
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                while (in.counters().delivered() == 0 && System.nanoTime() < deadline) {
                    Thread.sleep(5);
                }
                assertEquals(1, in.counters().delivered());
            }
            assertEquals(0, listening.refusedPeers());
        }
    }

    @Test
    void aClientCheckingTheListRefusesARevokedServer() {
        LinkSecurity client = LinkSecurity.fromPkcs12(certificates.keyStore("client"), PASSWORD,
                certificates.trustStore(), PASSWORD, dir.resolve("server-revoked.crl"));
        try (NetworkLinkServer listening = NetworkLinkServer.open(LOOPBACK, false,
                FrameFormat.DEFAULT_MAX_FRAME_LENGTH, certificates.server())) {
            listening.longReceiver(ID, 64);
            LinkRefusedException e = assertThrows(LinkRefusedException.class, () -> NetworkLinkClient.connect(
                    listening.address(), ID, 64, FrameFormat.DEFAULT_MAX_FRAME_LENGTH, client));
            assertTrue(e.getMessage().contains("revoked"), e.getMessage());
        }
    }

    @Test
    void aListThatCannotBeReadIsAnErrorNamingTheFile() throws IOException {
        Path bad = Files.writeString(dir.resolve("bad.crl"), "not a list");
        LinkSecurityException e = assertThrows(LinkSecurityException.class, () -> LinkSecurity.fromPkcs12(
                certificates.keyStore("server"), PASSWORD, certificates.trustStore(), PASSWORD, bad));
        assertTrue(e.getMessage().contains("certificate revocation list " + bad), e.getMessage());
    }

    /** Runs {@code command} with bash in the certificates' directory, the JDK's tools first on the path. */
    private static void run(String command) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder("bash", "-c", command).directory(dir.toFile())
                .redirectErrorStream(true);
        Path bin = Path.of(System.getProperty("java.home"), "bin");
        builder.environment().merge("PATH", bin.toString(), (old, jdk) -> jdk + java.io.File.pathSeparator + old);
        Process process = builder.start();
        process.getOutputStream().close();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(120, TimeUnit.SECONDS), command);
        assertEquals(0, process.exitValue(), () -> command + "\n" + output);
    }
}
