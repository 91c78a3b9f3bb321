package org.streamflex.samples.marmot;

import java.nio.file.Path;

/**
 * A deployment CSV line the sample cannot read: the message names the file, the line number and
 * the line's problem, e.g. {@code nodes.csv line 3: x_m "abc" is not a number (expected
 * node,x_m,y_m,heading_deg)}.
 */
public final class BadCsvException extends UnreadableInputException {
    private static final long serialVersionUID = 1L;

    private final int line;

    /** Line {@code line} (from 1; 0 for the file as a whole) of {@code file} has {@code problem}. */
    public BadCsvException(Path file, int line, String problem) {
        super(file, file + (line > 0 ? " line " + line : "") + ": " + problem);
        this.line = line;
    }

    /** The line at fault, from 1; 0 when the file as a whole is. */
    public int line() {
        return line;
    }
}
