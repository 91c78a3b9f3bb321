package org.streamflex.runtime.schedule;

/**
 * One channel of a graph as the scheduler sees it: who puts on it and how many items per
 * {@code work()}, who takes from it and how many, and how far the taker peeks. A side that does
 * not declare its rate is {@link #DYNAMIC}; an edge is static when both sides declare one.
 *
 * <pre>{@code
 * RateEdge e = new RateEdge("Source#1", "out", 3, "Decimate#2", "in", 2, 2);
 * e.isStatic();   // true: the balance equation is 3 * r(Source#1) = 2 * r(Decimate#2)
 * }</pre>
 *
 * @param producer the producing filter's instance name
 * @param output its output field, or {@code out[i]} for a built-in splitter's i-th output
 * @param push items put per {@code work()}, or {@link #DYNAMIC}
 * @param consumer the consuming filter's instance name
 * @param input its input field, or {@code in[i]} for a built-in joiner's i-th input
 * @param pop items taken per {@code work()}, or {@link #DYNAMIC}
 * @param peek items looked at per {@code work()}, counting those taken ({@code >= pop}), or
 *     {@link #DYNAMIC}
 */
public record RateEdge(String producer, String output, int push, String consumer, String input, int pop, int peek) {
    /** An undeclared rate. */
    public static final int DYNAMIC = -1;

    public RateEdge {
        if (push < DYNAMIC || pop < DYNAMIC || peek < DYNAMIC || (pop >= 0 && peek < pop)) {
            throw new IllegalArgumentException("rates of " + producer + "." + output + " -> " + consumer + "." + input
                    + ": push " + push + ", pop " + pop + ", peek " + peek);
        }
    }

    /** Whether both sides declare their rates. */
    public boolean isStatic() {
        return push != DYNAMIC && pop != DYNAMIC;
    }

    /** Items the consumer needs beyond those it takes: {@code peek - pop}, buffered before the first iteration. */
    public int lookahead() {
        return isStatic() ? peek - pop : 0;
    }

    /** The channel's name in messages: {@code Producer#1.out -> Consumer#2.in}. */
    public String name() {
        return producer + "." + output + " -> " + consumer + "." + input;
    }

    @Override
    public String toString() {
        return name() + " (" + rate(push) + ":" + rate(pop) + (peek > pop ? ", peek " + peek : "") + ")";
    }

    private static String rate(int r) {
        return r == DYNAMIC ? "dynamic" : Integer.toString(r);
    }
}
