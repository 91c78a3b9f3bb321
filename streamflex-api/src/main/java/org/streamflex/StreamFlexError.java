package org.streamflex;

import java.util.List;

/**
 * A graph that cannot be built, validated or run as written.
 *
 * <p>{@link StreamFlexGraph#validate()} throws one error listing every problem it found; each
 * problem names the filter class, the field and what to do:
 * <pre>{@code
 * try {
 *     new MyGraph();
 * } catch (StreamFlexError e) {
 *     e.problems().forEach(System.err::println);
 * }
 * }</pre>
 */
public class StreamFlexError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final List<String> problems;

    public StreamFlexError(String message) {
        super(message);
        this.problems = List.of(message);
    }

    /** One error for several problems; the message lists them, one a line. */
    public StreamFlexError(List<String> problems) {
        super(summary(problems));
        this.problems = List.copyOf(problems);
    }

    protected StreamFlexError(String message, boolean writableStackTrace) {
        super(message, null, false, writableStackTrace);
        this.problems = List.of(message);
    }

    /** The problems this error reports, each a complete sentence naming what is wrong. */
    public List<String> problems() {
        return problems;
    }

    private static String summary(List<String> problems) {
        if (problems.isEmpty()) {
            throw new IllegalArgumentException("a StreamFlexError needs at least one problem");
        }
        if (problems.size() == 1) {
            return problems.getFirst();
        }
        StringBuilder text = new StringBuilder(problems.size() + " problems in the graph:");
        for (String problem : problems) {
            text.append(System.lineSeparator()).append("  - ").append(problem);
        }
        return text.toString();
    }
}
