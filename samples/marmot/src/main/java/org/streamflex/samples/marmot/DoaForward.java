package org.streamflex.samples.marmot;

import org.streamflex.Channel;
import org.streamflex.Filter;
import org.streamflex.Rate;

/**
 * Passes each {@link DoaVector} on as it is (a capsule moves, nothing is copied). It follows
 * {@link MarmotDoa} so that the two, both with declared rates, form a static subgraph: the runtime
 * fuses only subgraphs of two or more filters, and fission replicates only a fused filter, while
 * the DOA's own neighbours (the {@code sync} and the {@code Joiner}) have dynamic rates.
 *
 * <pre>{@code
 * DoaForward forward = makeFilter("doa-out-A", DoaForward.class);
 * connect(doa, "out", forward, "in", 256);
 * connect(forward, "out", joiner, 256);
 * }</pre>
 */
public final class DoaForward extends Filter {
    @Rate(1)
    private Channel<DoaVector> in;
    @Rate(1)
    private Channel<DoaVector> out;

    private DoaForward() {
    }

    @Override
    public void work() {
        out.put(in.take());
    }
}
