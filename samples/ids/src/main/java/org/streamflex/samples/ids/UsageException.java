package org.streamflex.samples.ids;

/** A command line that cannot run: its message says which option is wrong and what it takes. */
public final class UsageException extends Exception {
    public UsageException(String message) {
        super(message);
    }
}
