package org.streamflex.dsp.join;

import org.streamflex.Filter;
import org.streamflex.SharedChannel;
import org.streamflex.dsp.Seg;
import org.streamflex.dsp.Tagged;

/**
 * WaveScript's {@code mergeTag}, for any number of inputs: merges its inputs into one stream in
 * arrival order, each segment wrapped in a {@link Tagged} naming the input it came from (its index
 * in connection order). The segment travels by reference.
 *
 * <pre>{@code
 * TaggedMerge merge = makeFilter(TaggedMerge.class);
 * connect(left, "out", merge, "in", 8);       // tag 0
 * connect(right, "out", merge, "in", 8);      // tag 1
 * connect(merge, "out", zipper, "in", 16);
 * }</pre>
 *
 * <p>Decisions (the module README): arrival order as the built-in {@code Joiner} has it: each
 * release moves every available segment, input by input in connection order, keeping each input's
 * order (what arrived on two inputs between two releases has no order of its own to keep). For an
 * untagged merge use {@code org.streamflex.Joiner}, which passes segments on unchanged. A full
 * output channel drops the value and counts it, as every channel does.
 */
public final class TaggedMerge extends Filter {
    private SharedChannel<Seg>[] in;
    private SharedChannel<Tagged> out;

    private TaggedMerge() {
    }

    @Override
    public void work() {
        for (int i = 0; i < in.length; i++) {
            SharedChannel<Seg> input = in[i];
            while (input.size() > 0) {
                out.put(Tagged.make(i, input.take()));
            }
        }
    }
}
