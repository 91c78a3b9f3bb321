package org.streamflex.samples.ids.pcap;

/**
 * A capture that cannot be read at all: missing, not readable, empty, or not pcap or pcapng. Its
 * message is one line for the user, naming the file and what is wrong.
 */
public final class UnreadableCaptureException extends Exception {
    public UnreadableCaptureException(String message) {
        super(message);
    }
}
