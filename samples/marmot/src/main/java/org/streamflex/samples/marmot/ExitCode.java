package org.streamflex.samples.marmot;

/**
 * What the command's exit status says.
 *
 * <pre>{@code
 * System.exit(ExitCode.OK.code());
 * }</pre>
 */
public enum ExitCode {
    /** Every input was read and processed. */
    OK(0),
    /** Something failed that is not the input's fault (a bug): the message says what. */
    FAILURE(1),
    /** The command line was wrong. */
    USAGE(2),
    /** Nothing could run: the deployment or truth CSV is unreadable, or no node's recording is. */
    UNREADABLE_INPUT(3),
    /** Some nodes' recordings were unreadable or cut short; the other nodes' results were printed. */
    PARTIAL_INPUT(4),
    /** The plots could not be written. */
    PLOTS_FAILED(5),
    /**
     * A node or server of a split run did not account for everything: a node dropped items or its
     * link did not confirm them all, or the server's timeout came before every node's end mark. The
     * message says what; the results so far were printed.
     */
    INCOMPLETE(6);

    private final int code;

    ExitCode(int code) {
        this.code = code;
    }

    /** The process exit status. */
    public int code() {
        return code;
    }
}
