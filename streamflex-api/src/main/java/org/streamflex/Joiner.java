package org.streamflex;

/**
 * Built-in filter that merges several input channels into one output channel. Connect any
 * number of inputs to it (the target field is chosen for you) and its output field {@code out}
 * to one consumer; all its channels must carry the same kind of item. Each release moves every
 * available item, input by input in connection order; the order within one input is kept.
 *
 * <pre>{@code
 * Joiner join = makeFilter(Joiner.class);
 * connect(trust, "ok", join, 10);
 * connect(tear, "fail", join, 10);
 * connect(join, dump, 10);
 * }</pre>
 */
public final class Joiner extends Filter {
    /** Injected by the runtime, one per connect to this joiner. */
    private DataChannel[] inputs = new DataChannel[0];
    private DataChannel out;

    private Joiner() {
    }

    @Override
    public void work() {
        for (DataChannel in : inputs) {
            if (in.size() > 0) {
                in.transferTo(out);
            }
        }
    }
}
