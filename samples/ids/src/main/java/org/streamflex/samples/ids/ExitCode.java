package org.streamflex.samples.ids;

/**
 * What the IDS's exit status tells a script. Finding attacks is not among them: reporting attacks
 * is the IDS doing its job, and the report says what it found.
 *
 * <pre>{@code
 * java -jar streamflex-ids.jar --pcap x.pcapng; echo $?    # 0, or one of the others
 * }</pre>
 */
public enum ExitCode {
    /** The whole capture was read, and every frame inspected. */
    ANALYZED(0),
    /**
     * The analysis itself failed (a filter threw); the message says where. The JVM's own code for
     * an uncaught error.
     */
    FAILED(1),
    /** The command line is wrong; nothing ran. */
    USAGE(2),
    /** The capture cannot be read at all (missing, unreadable, empty, not a capture); nothing ran. */
    UNREADABLE(3),
    /** The capture is damaged or cut short: the report covers what came before the damage. */
    DAMAGED(4),
    /**
     * Read to the end, but some of it was not inspected: link types not read, frames too large,
     * fragment state given up.
     */
    INCOMPLETE(5);

    public final int code;

    ExitCode(int code) {
        this.code = code;
    }
}
