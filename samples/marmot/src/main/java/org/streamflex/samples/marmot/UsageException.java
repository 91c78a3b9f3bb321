package org.streamflex.samples.marmot;

/**
 * A command line the sample cannot run: an unknown option, a value that is not a number or out of
 * range. The message says which and what is expected; the command exits with {@link ExitCode#USAGE}.
 *
 * <pre>{@code
 * throw new UsageException("--beta: \"x\" is not a number");
 * }</pre>
 */
public final class UsageException extends Exception {
    private static final long serialVersionUID = 1L;

    /** A usage problem described by {@code message}. */
    public UsageException(String message) {
        super(message);
    }
}
