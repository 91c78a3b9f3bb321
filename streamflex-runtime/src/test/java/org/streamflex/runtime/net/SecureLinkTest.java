package org.streamflex.runtime.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.handler.ssl.SslHandler;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLSession;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Links over TLS 1.3 with mutual certificates, on loopback in one JVM, with certificates the
 * README's keytool commands make: two CAs, each with a server and a client key pair it signed.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class SecureLinkTest {
    private static final InetSocketAddress LOOPBACK = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
    private static final LinkIdentity ID = LinkIdentity.of("g", "c", ElementKind.LONG, LinkMode.CREDIT);

    @TempDir
    static Path trustedDir;
    @TempDir
    static Path otherDir;

    static DevCertificates trusted;
    static DevCertificates other;

    private final List<LogRecord> records = new CopyOnWriteArrayList<>();
    private final Handler handler = new Handler() {
        @Override
        public void publish(LogRecord r) {
            records.add(r);
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };
    private final Logger logger = Logger.getLogger("org.streamflex.runtime");

    @BeforeAll
    static void makeCertificates() throws Exception {
        trusted = DevCertificates.makeIn(trustedDir);
        other = DevCertificates.makeIn(otherDir);
    }

    @BeforeEach
    void captureLog() {
        logger.addHandler(handler);
    }

    @AfterEach
    void releaseLog() {
        logger.removeHandler(handler);
    }

    @Test
    void itemsFlowOverTls13WithMutualAuthentication() throws Exception {
        try (NetworkLinkServer server = NetworkLinkServer.open(LOOPBACK, false, FrameFormat.DEFAULT_MAX_FRAME_LENGTH,
                trusted.server())) {
            LongLinkReceiver in = server.longReceiver(ID, 1024);
            try (NetworkLinkClient out = NetworkLinkClient.connect(server.address(), ID, 256,
                    FrameFormat.DEFAULT_MAX_FRAME_LENGTH, trusted.client())) {
                SSLSession session = out.channel().pipeline().get(SslHandler.class).engine().getSession();
                assertEquals("TLSv1.3", session.getProtocol());
                assertEquals("CN=localhost", session.getPeerPrincipal().getName(), "the client saw the server's");
                assertEquals("CN=streamflex-client", session.getLocalPrincipal().getName(), "and presented its own");
                sendAndReceive(out, in, 100_000);
            }
            assertEquals(0, server.refusedPeers());
        }
    }

    @Test
    void aClientWithoutACertificateOrTls13IsRefusedCountedAndTheServerServesAGoodClientAfterwards()
            throws Exception {
        try (NetworkLinkServer server = NetworkLinkServer.open(LOOPBACK, false, FrameFormat.DEFAULT_MAX_FRAME_LENGTH,
                trusted.server())) {
            LongLinkReceiver in = server.longReceiver(ID, 1024);
            // A client that trusts the server but has no certificate of its own to present.
            assertRefusedByServer(server, "TLSv1.3");
            waitFor(() -> server.refusedPeers() == 1, "the client without a certificate to be counted");
            // A client that speaks TLS 1.2 only, with no certificate either: refused at the protocol.
            assertRefusedByServer(server, "TLSv1.2");
            waitFor(() -> server.refusedPeers() == 2, "the TLS 1.2 client to be counted");
            // A client that does not speak TLS at all.
            try (Socket plain = new Socket(server.address().getAddress(), server.address().getPort())) {
                plain.getOutputStream().write(new byte[64]);
                assertEquals(-1, readUntilClosed(plain.getInputStream()), "the server closes a plain connection");
            }
            waitFor(() -> server.refusedPeers() == 3, "the plain client to be counted");
            assertFalse(in.isLinked(), "no refused client was linked");
            try (NetworkLinkClient out = NetworkLinkClient.connect(server.address(), ID, 256,
                    FrameFormat.DEFAULT_MAX_FRAME_LENGTH, trusted.client())) {
                sendAndReceive(out, in, 10_000);
            }
            assertEquals(3, server.refusedPeers(), "the good client was not refused");
        }
    }

    @Test
    void aClientCertificateFromAnUntrustedCaIsRefusedAndLoggedOnceForTwoAttempts() throws Exception {
        NetworkLinkServer server = NetworkLinkServer.open(LOOPBACK, false, FrameFormat.DEFAULT_MAX_FRAME_LENGTH,
                trusted.server());
        try (server) {
            server.longReceiver(ID, 1024);
            // It trusts the server's CA, so only the server can object: to its certificate.
            LinkSecurity stranger = other.clientTrusting(trusted);
            for (int attempt = 1; attempt <= 2; attempt++) {
                LinkRefusedException e = assertThrows(LinkRefusedException.class, () -> NetworkLinkClient.connect(
                        server.address(), ID, 256, FrameFormat.DEFAULT_MAX_FRAME_LENGTH, stranger));
                assertTrue(e.getMessage().contains(String.valueOf(server.address().getPort())), e.getMessage());
                int expected = attempt;
                waitFor(() -> server.refusedPeers() == expected, "refusal " + attempt + " to be counted");
            }
        }
        // Closed: the event loop has ended, and with it any logging of the refusals.
        List<LogRecord> refusals = records.stream()
                .filter(r -> r.getMessage().contains("refused peer 127.0.0.1")).toList();
        assertEquals(1, refusals.size(), "one line for two attempts from one address: " + messages());
        assertEquals(Level.WARNING, refusals.getFirst().getLevel());
        String message = refusals.getFirst().getMessage();
        assertTrue(message.contains("TLS handshake") && message.contains("Exception"), message);
        assertEquals(2, server.refusedPeers());
    }

    @Test
    void theClientRefusesAServerWhoseCertificateDoesNotNameTheAddressItConnectsTo() throws Exception {
        try (NetworkLinkServer server = NetworkLinkServer.open(new InetSocketAddress(0), true,
                FrameFormat.DEFAULT_MAX_FRAME_LENGTH, trusted.server())) {
            server.longReceiver(ID, 1024);
            // 127.0.0.2 is loopback too, but the server's certificate names 127.0.0.1 and localhost only.
            InetSocketAddress unnamed = new InetSocketAddress(ipv4(127, 0, 0, 2), server.address().getPort());
            LinkRefusedException e = assertThrows(LinkRefusedException.class, () -> NetworkLinkClient.connect(
                    unnamed, ID, 256, FrameFormat.DEFAULT_MAX_FRAME_LENGTH, trusted.client()));
            assertTrue(e.getMessage().contains("No subject alternative names matching IP address 127.0.0.2"),
                    e.getMessage());
        }
    }

    @Test
    void aNonLoopbackBindNeedsBothAllowNonLoopbackAndTls() throws Exception {
        InetSocketAddress wildcard = new InetSocketAddress(0);
        InsecureBindException notAllowed = assertThrows(InsecureBindException.class, () -> NetworkLinkServer.open(
                wildcard, false, FrameFormat.DEFAULT_MAX_FRAME_LENGTH, trusted.server()));
        assertTrue(notAllowed.getMessage().contains("not a loopback address")
                && notAllowed.getMessage().contains("allowNonLoopback"), notAllowed.getMessage());
        InsecureBindException noTls = assertThrows(InsecureBindException.class,
                () -> NetworkLinkServer.open(wildcard, true, FrameFormat.DEFAULT_MAX_FRAME_LENGTH));
        assertTrue(noTls.getMessage().contains("without TLS") && noTls.getMessage().contains("LinkSecurity"),
                noTls.getMessage());
        try (NetworkLinkServer server = NetworkLinkServer.open(wildcard, true, FrameFormat.DEFAULT_MAX_FRAME_LENGTH,
                trusted.server())) {
            assertTrue(server.address().getAddress().isAnyLocalAddress(), server.address().toString());
            LongLinkReceiver in = server.longReceiver(ID, 1024);
            try (NetworkLinkClient out = NetworkLinkClient.connect(
                    new InetSocketAddress(ipv4(127, 0, 0, 1), server.address().getPort()), ID, 256,
                    FrameFormat.DEFAULT_MAX_FRAME_LENGTH, trusted.client())) {
                sendAndReceive(out, in, 10_000);
            }
        }
    }

    @Test
    void unusableStoresAreRefusedNamingTheFile() throws Exception {
        Path server = trustedDir.resolve("server.p12");
        LinkSecurityException wrongPassword = assertThrows(LinkSecurityException.class, () ->
                LinkSecurity.fromPkcs12(server, "wrong".toCharArray(), trusted.trustStore(), DevCertificates.PASSWORD));
        assertTrue(wrongPassword.getMessage().contains(server.toString()), wrongPassword.getMessage());
        // The trust store has no private key: it cannot be a key store.
        LinkSecurityException noKey = assertThrows(LinkSecurityException.class, () -> LinkSecurity.fromPkcs12(
                trusted.trustStore(), DevCertificates.PASSWORD, trusted.trustStore(), DevCertificates.PASSWORD));
        assertTrue(noKey.getMessage().contains("no private key entry")
                && noKey.getMessage().contains(trusted.trustStore().toString()), noKey.getMessage());
        Path missing = trustedDir.resolve("missing.p12");
        LinkSecurityException absent = assertThrows(LinkSecurityException.class, () -> LinkSecurity.fromPkcs12(
                server, DevCertificates.PASSWORD, missing, DevCertificates.PASSWORD));
        assertTrue(absent.getMessage().contains("trust store " + missing), absent.getMessage());
        assertFalse(Files.exists(missing));
    }

    /** A JDK client on {@code protocol} without a key of its own: the server must end the connection. */
    private static void assertRefusedByServer(NetworkLinkServer server, String protocol) throws Exception {
        SSLContext context = SSLContext.getInstance("TLS");
        KeyStore trust = KeyStore.getInstance("PKCS12");
        try (InputStream stream = Files.newInputStream(trusted.trustStore())) {
            trust.load(stream, DevCertificates.PASSWORD);
        }
        TrustManagerFactory trustManagers = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trustManagers.init(trust);
        context.init(null, trustManagers.getTrustManagers(), null);
        try (SSLSocket socket = (SSLSocket) context.getSocketFactory()
                .createSocket(server.address().getAddress(), server.address().getPort())) {
            socket.setEnabledProtocols(new String[] {protocol});
            socket.setSoTimeout(30_000);
            try {
                // In TLS 1.3 the client's handshake ends before the server judges its certificate:
                // the refusal arrives as an alert on the first read.
                socket.startHandshake();
                assertEquals(-1, readUntilClosed(socket.getInputStream()));
            } catch (SSLException expected) {
                // The server's alert: refused.
            }
        }
    }

    private static InetAddress ipv4(int a, int b, int c, int d) throws UnknownHostException {
        return InetAddress.getByAddress(new byte[] {(byte) a, (byte) b, (byte) c, (byte) d});
    }

    /** -1 once the peer closed the connection, or reset it. */
    private static int readUntilClosed(InputStream in) {
        try {
            int b;
            do {
                b = in.read();
            } while (b >= 0);
            return b;
        } catch (IOException closed) {
            return -1;
        }
    }

    private static void sendAndReceive(NetworkLinkClient out, LongLinkReceiver in, int n) throws Exception {
        long[] next = {0};
        boolean[] inOrder = {true};
        for (long i = 0; i < n; i++) {
            while (!out.offer(i)) {
                in.drain(v -> {
                    inOrder[0] &= v == next[0];
                    next[0]++;
                }, Integer.MAX_VALUE);
            }
        }
        waitFor(() -> {
            in.drain(v -> {
                inOrder[0] &= v == next[0];
                next[0]++;
            }, Integer.MAX_VALUE);
            return next[0] == n;
        }, n + " items");
        assertTrue(inOrder[0], "items arrive in order");
        assertEquals(n, out.counters().sent());
        assertEquals(n, in.counters().delivered());
    }

    private String messages() {
        return records.stream().map(LogRecord::getMessage).toList().toString();
    }

    private static void waitFor(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, "timed out waiting for " + what);
            Thread.sleep(1);
        }
    }
}
