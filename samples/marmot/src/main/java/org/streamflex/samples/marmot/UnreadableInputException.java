package org.streamflex.samples.marmot;

import java.nio.file.Path;

/**
 * An input file the sample cannot use: a deployment CSV or a node's recording. The message names
 * the file (and the line, for CSV) and what to fix; the command reports it, skips what depends on
 * the file and carries on with the rest.
 *
 * <pre>{@code
 * try (ArrayRecording r = ArrayRecording.open(path)) { ... }
 * catch (UnreadableInputException e) { System.err.println(e.getMessage()); }   // names path
 * }</pre>
 */
public class UnreadableInputException extends Exception {
    private static final long serialVersionUID = 1L;

    private final transient Path file;

    /** A problem with {@code file}, described by {@code message} (which should name the file). */
    public UnreadableInputException(Path file, String message) {
        super(message);
        this.file = file;
    }

    /** A problem with {@code file} caused by {@code cause}. */
    public UnreadableInputException(Path file, String message, Throwable cause) {
        super(message, cause);
        this.file = file;
    }

    /** The file at fault. */
    public Path file() {
        return file;
    }
}
