package org.streamflex.samples.marmot;

import java.nio.file.Path;

/**
 * A node's recording the sample cannot read: not a WAV, of a sample format not read, not four
 * channels, or cut short. The message names the file, what it holds and what is expected, e.g.
 * {@code node-B.wav: 2 channels, expected 4 (one per microphone of the node's array)}.
 */
public final class BadRecordingException extends UnreadableInputException {
    private static final long serialVersionUID = 1L;

    /** {@code file} has {@code problem}. */
    public BadRecordingException(Path file, String problem) {
        super(file, file + ": " + problem);
    }

    /** {@code file} has {@code problem}, found through {@code cause}. */
    public BadRecordingException(Path file, String problem, Throwable cause) {
        super(file, file + ": " + problem, cause);
    }
}
