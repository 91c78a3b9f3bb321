package org.streamflex;

/**
 * A rare condition a filter counts by name, such as a malformed frame: declare it once in a
 * {@code static final} field of the filter class and raise it from {@code work()} with
 * {@link Filter#raise(FilterEvent)}. Raising allocates nothing; each event is a counter of the
 * graph ({@code filter.<instance name>.event.<event name>}, see {@link GraphCounters}), visible with
 * the value 0 from the moment the filter is made, and it is handed to the flight recorder.
 *
 * <pre>{@code
 * public final class Decoder extends Filter {
 *     private static final FilterEvent MALFORMED = FilterEvent.named("malformed-frame");
 *     private Channel<Frame> in;
 *     public void work() {
 *         Frame f = in.take();
 *         if (f.length < 14) {
 *             raise(MALFORMED);
 *         }
 *     }
 * }
 * }</pre>
 *
 * <p>Immutable (its one field is a final {@code String}), so the StreamFlex checker accepts it in a
 * static final field of filter code (rule R3). Events are told apart by name: two
 * {@code FilterEvent}s with the same name count into one counter.
 */
public final class FilterEvent {
    /** The longest name accepted: it becomes part of counter, MBean attribute and JFR field names. */
    public static final int MAX_NAME_LENGTH = 64;

    private final String name;

    private FilterEvent(String name) {
        this.name = name;
    }

    /**
     * The event of this name: 1 to {@value #MAX_NAME_LENGTH} ASCII letters, digits, {@code '-'}
     * and {@code '_'}, starting with a letter, e.g. {@code "malformed-frame"}.
     *
     * @throws StreamFlexError if the name is not of that form, saying why
     */
    public static FilterEvent named(String name) {
        if (name == null || name.isEmpty() || name.length() > MAX_NAME_LENGTH) {
            throw new StreamFlexError("FilterEvent.named(" + (name == null ? "null" : "\"" + name + "\"")
                    + "): an event name has 1 to " + MAX_NAME_LENGTH + " characters, as in \"malformed-frame\"");
        }
        for (int i = 0; i < name.length(); i++) {
            char ch = name.charAt(i);
            boolean letter = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z');
            boolean allowed = letter || (i > 0 && ((ch >= '0' && ch <= '9') || ch == '-' || ch == '_'));
            if (!allowed) {
                throw new StreamFlexError("FilterEvent.named(\"" + name + "\"): character '" + ch + "' at " + i
                        + " is not allowed; an event name starts with an ASCII letter and goes on with letters,"
                        + " digits, '-' and '_', as in \"malformed-frame\" (it becomes part of counter names)");
            }
        }
        return new FilterEvent(name);
    }

    /** The event's name, as its counter names it. */
    public String name() {
        return name;
    }

    @Override
    public String toString() {
        return name;
    }
}
