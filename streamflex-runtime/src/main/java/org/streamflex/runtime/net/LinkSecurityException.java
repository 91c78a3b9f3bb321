package org.streamflex.runtime.net;

import org.streamflex.StreamFlexError;

/**
 * TLS settings for links that cannot be used: a key or trust store that cannot be read, is not
 * PKCS12, has another password, or lacks the entry it is for. The message names the file.
 *
 * <pre>{@code
 * try {
 *     LinkSecurity.fromPkcs12(keyStore, password, trustStore, password);
 * } catch (LinkSecurityException e) {
 *     System.err.println(e.getMessage()); // e.g. key store server.p12 has no private key entry: ...
 * }
 * }</pre>
 */
public final class LinkSecurityException extends StreamFlexError {
    private static final long serialVersionUID = 1L;

    /** Unusable settings, saying which file and why. */
    public LinkSecurityException(String message) {
        super(message);
    }

    /** Unusable settings, with the underlying error. */
    public LinkSecurityException(String message, Throwable cause) {
        super(message);
        initCause(cause);
    }
}
