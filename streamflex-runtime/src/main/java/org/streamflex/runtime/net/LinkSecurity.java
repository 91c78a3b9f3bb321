package org.streamflex.runtime.net;

import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CRL;
import java.security.cert.CertPathBuilder;
import java.security.cert.CertStore;
import java.security.cert.CertificateFactory;
import java.security.cert.CollectionCertStoreParameters;
import java.security.cert.PKIXBuilderParameters;
import java.security.cert.PKIXRevocationChecker;
import java.security.cert.X509CertSelector;
import java.util.Collection;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import javax.net.ssl.CertPathTrustManagerParameters;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLException;
import javax.net.ssl.TrustManagerFactory;

/**
 * TLS for network links: TLS 1.3 only, and mutual authentication. Each side presents the key and
 * certificate chain of its key store and accepts only a peer whose certificate chains to one in its
 * trust store; a server refuses a client without a certificate. The same settings serve a
 * {@link NetworkLinkServer} and a {@link NetworkLinkClient}, on Netty's JDK provider (no native
 * library).
 *
 * <p>A client also checks the server's identity: the certificate must name, in its subject
 * alternative names, the host or IP address the client connects to (HTTPS endpoint
 * identification). A trust store alone would let any holder of a certificate from the same CA,
 * clients included, pose as the server. A server does not check a client's address, which is
 * rarely stable: a client is who its certificate says, if a trusted CA signed it.
 *
 * <pre>{@code
 * LinkSecurity tls = LinkSecurity.fromPkcs12(Path.of("server.p12"), "changeit".toCharArray(),
 *         Path.of("trust.p12"), "changeit".toCharArray());
 * NetworkLinkServer server = NetworkLinkServer.open(new InetSocketAddress("0.0.0.0", 7400), true,
 *         FrameFormat.DEFAULT_MAX_FRAME_LENGTH, tls);
 * }</pre>
 */
public final class LinkSecurity {
    /** The only protocol a link speaks: older versions are refused at the handshake. */
    public static final String PROTOCOL = "TLSv1.3";

    private static final List<String> PROTOCOLS = List.of(PROTOCOL);

    private final SslContext server;
    private final SslContext client;

    private LinkSecurity(SslContext server, SslContext client) {
        this.server = server;
        this.client = client;
    }

    /**
     * Settings from PKCS12 files: {@code keyStore} holds this side's private key and certificate
     * chain (one key entry), {@code trustStore} the certificates of the CAs (or peers) to accept.
     *
     * @throws LinkSecurityException when a store cannot be read or opened with its password, or
     *     holds nothing usable; the message names the file
     */
    public static LinkSecurity fromPkcs12(Path keyStore, char[] keyStorePassword, Path trustStore,
            char[] trustStorePassword) {
        return fromPkcs12(keyStore, keyStorePassword, trustStore, trustStorePassword, null);
    }

    /**
     * As {@link #fromPkcs12(Path, char[], Path, char[])}, and a peer whose certificate the
     * certificate revocation list {@code crl} (a file in PEM or DER, as {@code keytool -gencrl}
     * writes it; null for none) revokes is refused at the TLS handshake: the server counts and logs it
     * as any refused peer, a client's {@code connect} throws with the reason. Every certificate of a
     * peer's chain below the trusted CA is checked against the list, which must be that CA's, signed
     * by it and not past its next update (renew it before: a stale list refuses every peer, since no
     * certificate can then be known not revoked). The list is read once; nothing is fetched from the
     * network (no OCSP, no distribution points).
     *
     * <pre>{@code
     * LinkSecurity tls = LinkSecurity.fromPkcs12(Path.of("server.p12"), password, Path.of("trust.p12"), password,
     *         Path.of("revoked.crl"));
     * }</pre>
     *
     * @throws LinkSecurityException when a store or the list cannot be read; the message names the file
     */
    public static LinkSecurity fromPkcs12(Path keyStore, char[] keyStorePassword, Path trustStore,
            char[] trustStorePassword, Path crl) {
        KeyStore keys = load(keyStore, keyStorePassword, "key store");
        KeyStore trusted = load(trustStore, trustStorePassword, "trust store");
        try {
            if (!hasEntry(keys, true)) {
                throw new LinkSecurityException("key store " + keyStore + " has no private key entry: make one"
                        + " with keytool -genkeypair and import its signed certificate (README, Securing a link)");
            }
            if (!hasEntry(trusted, false)) {
                throw new LinkSecurityException("trust store " + trustStore + " has no certificate entry: import"
                        + " the CA certificate with keytool -importcert (README, Securing a link)");
            }
            KeyManagerFactory keyManagers = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            keyManagers.init(keys, keyStorePassword);
            TrustManagerFactory trustManagers = TrustManagerFactory.getInstance("PKIX");
            if (crl == null) {
                trustManagers.init(trusted);
            } else {
                trustManagers.init(revocationChecking(trusted, readCrls(crl)));
            }
            SslContext server = SslContextBuilder.forServer(keyManagers)
                    .trustManager(trustManagers)
                    .clientAuth(ClientAuth.REQUIRE)
                    .protocols(PROTOCOLS)
                    .sslProvider(SslProvider.JDK)
                    .build();
            SslContext client = SslContextBuilder.forClient()
                    .keyManager(keyManagers)
                    .trustManager(trustManagers)
                    .protocols(PROTOCOLS)
                    .endpointIdentificationAlgorithm("HTTPS")
                    .sslProvider(SslProvider.JDK)
                    .build();
            return new LinkSecurity(server, client);
        } catch (GeneralSecurityException | SSLException e) {
            throw new LinkSecurityException("cannot set up TLS from key store " + keyStore + " and trust store "
                    + trustStore + ": " + e.getMessage(), e);
        }
    }

    /**
     * PKIX validation against {@code trusted} that also checks each certificate below the trust
     * anchor against {@code crls}, and nothing else: no OCSP, no fallback to fetching lists.
     */
    private static CertPathTrustManagerParameters revocationChecking(KeyStore trusted, Collection<? extends CRL> crls)
            throws GeneralSecurityException {
        PKIXBuilderParameters parameters = new PKIXBuilderParameters(trusted, new X509CertSelector());
        parameters.addCertStore(CertStore.getInstance("Collection", new CollectionCertStoreParameters(crls)));
        parameters.setRevocationEnabled(true);
        PKIXRevocationChecker checker = (PKIXRevocationChecker) CertPathBuilder.getInstance("PKIX")
                .getRevocationChecker();
        checker.setOptions(EnumSet.of(PKIXRevocationChecker.Option.PREFER_CRLS,
                PKIXRevocationChecker.Option.NO_FALLBACK));
        parameters.addCertPathChecker(checker);
        return new CertPathTrustManagerParameters(parameters);
    }

    private static Collection<? extends CRL> readCrls(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            Collection<? extends CRL> crls = CertificateFactory.getInstance("X.509").generateCRLs(in);
            if (crls.isEmpty()) {
                throw new LinkSecurityException("certificate revocation list " + file + " holds no CRL: make it with"
                        + " keytool -gencrl (README, Revoking a certificate)");
            }
            return crls;
        } catch (IOException | GeneralSecurityException e) {
            throw new LinkSecurityException("cannot read the certificate revocation list " + file + " (PEM or DER,"
                    + " as keytool -gencrl writes it): " + e, e);
        }
    }

    /** The server side's context, for the runtime's other listeners (the space-time server). */
    public SslContext serverContext() {
        return server;
    }

    /** The client side's context; a client passes the host and port it connects to to its handler. */
    public SslContext clientContext() {
        return client;
    }

    private static KeyStore load(Path file, char[] password, String what) {
        try (InputStream in = Files.newInputStream(file)) {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(in, password);
            return store;
        } catch (IOException | GeneralSecurityException e) {
            throw new LinkSecurityException("cannot read the " + what + " " + file + " as PKCS12 with the password"
                    + " given: " + e, e);
        }
    }

    private static boolean hasEntry(KeyStore store, boolean key) throws GeneralSecurityException {
        for (String alias : Collections.list(store.aliases())) {
            if (key ? store.isKeyEntry(alias) : store.isCertificateEntry(alias)) {
                return true;
            }
        }
        return false;
    }
}
