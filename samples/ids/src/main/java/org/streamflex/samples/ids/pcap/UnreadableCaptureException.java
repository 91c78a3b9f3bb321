package org.streamflex.samples.ids.pcap;

/**
 * A capture that cannot be read at all: missing, not readable, empty, or not pcap or pcapng. Its
 * message is one line for the user, naming the file and what is wrong.
 *
 * <pre>{@code
 * try (CaptureFile capture = CaptureFile.open(path)) { ... }
 * catch (UnreadableCaptureException e) { System.err.println(e.getMessage()); }   // x.pcap: no such file
 * }</pre>
 */
public final class UnreadableCaptureException extends Exception {
    public UnreadableCaptureException(String message) {
        super(message);
    }
}
