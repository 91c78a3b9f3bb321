package org.streamflex.runtime.net;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.streamflex.fixtures.Keytool;
import org.streamflex.fixtures.ReadmeBlock;

/**
 * Development certificates made as the runtime README's "Securing a link" says: its bash block's
 * {@code keytool} commands, word for word, run with this JDK's keytool in a directory of the test's.
 * They leave there a CA ({@code ca.p12}), a trust store with its certificate ({@code trust.p12}),
 * and a server and a client key pair it signed ({@code server.p12}, {@code client.p12}).
 */
public final class DevCertificates {
    public static final char[] PASSWORD = "changeit".toCharArray();

    private final Path dir;

    private DevCertificates(Path dir) {
        this.dir = dir;
    }

    /**
     * Runs the README's commands in {@code dir}, failing the test if one fails: word for word, in one
     * JVM of this JDK ({@link Keytool}), not one each, which took five times as long.
     */
    public static DevCertificates makeIn(Path dir) throws IOException, InterruptedException {
        List<String> commands = ReadmeBlock.bashLines(Path.of("README.md"), "### Securing a link");
        assertEquals(13, commands.size(), "CA, trust store, server and client: " + commands);
        Keytool.run(dir, commands);
        return new DevCertificates(dir);
    }

    LinkSecurity server() {
        return LinkSecurity.fromPkcs12(dir.resolve("server.p12"), PASSWORD, trustStore(), PASSWORD);
    }

    LinkSecurity client() {
        return LinkSecurity.fromPkcs12(dir.resolve("client.p12"), PASSWORD, trustStore(), PASSWORD);
    }

    /** This CA's client key pair, trusting {@code other}'s CA: a client another CA signed. */
    LinkSecurity clientTrusting(DevCertificates other) {
        return LinkSecurity.fromPkcs12(dir.resolve("client.p12"), PASSWORD, other.trustStore(), PASSWORD);
    }

    /** The key store of {@code who}: "server" or "client". */
    public Path keyStore(String who) {
        return dir.resolve(who + ".p12");
    }

    /** The CA's certificate, which both sides trust. */
    public Path trustStore() {
        return dir.resolve("trust.p12");
    }
}
