package org.streamflex.samples.marmot;

import org.streamflex.Channel;
import org.streamflex.Filter;

/**
 * The join after the pipelined direction-of-arrival stage of the one-JVM run: puts the DOA's
 * vectors and the {@link DoaQueue}'s progress marks back in the order the queue took them in. A
 * mark leaves the queue with the number of detections sent before it in {@link DoaVector#seq}, and
 * leaves here once the DOA has answered that many (the DOA answers every detection, a
 * {@link MarmotDoa#NO_DIRECTION} vector for one it drops, which stops here): so no mark overtakes a
 * detection still in the DOA, and the server's clustering sees what the unpipelined graph's
 * {@code Joiner} gave it, item for item. The mark's {@code seq} goes back to -1, as its source put it.
 *
 * <pre>{@code
 * DoaMerge merge = makeFilter("doa-merge", DoaMerge.class);
 * connect(forward, "out", merge, "vectors", 256);
 * connect(queue, "marks", merge, "marks", 1024);
 * connect(merge, "out", doaLog, "in", 256);
 * }</pre>
 */
public final class DoaMerge extends Filter {
    private Channel<DoaVector> vectors;
    private Channel<DoaVector> marks;
    private Channel<DoaVector> out;
    /** The DOA's answers taken so far, one per detection the queue sent. */
    private int answered;

    private DoaMerge() {
    }

    @Override
    public void work() {
        while (out.size() < out.capacity()) {
            if (marks.size() > 0 && marks.peek(0).seq <= answered) {
                DoaVector mark = marks.take();
                mark.seq = -1;
                out.put(mark);
            } else if (vectors.size() > 0) {
                DoaVector v = vectors.take();
                answered++;
                if (v.kind != MarmotDoa.NO_DIRECTION) {
                    out.put(v);
                }
            } else {
                return;
            }
        }
    }
}
