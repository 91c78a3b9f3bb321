package org.streamflex.samples.ids;

/**
 * A command line that cannot run: its message says which option is wrong and what it takes.
 *
 * <pre>{@code
 * try {
 *     IdsOptions.parse(args);
 * } catch (UsageException e) {
 *     System.err.println("ids: " + e.getMessage());   // --period takes a whole number of microseconds ...
 * }
 * }</pre>
 */
public final class UsageException extends Exception {
    public UsageException(String message) {
        super(message);
    }
}
