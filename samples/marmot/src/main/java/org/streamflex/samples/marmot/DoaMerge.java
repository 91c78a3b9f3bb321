package org.streamflex.samples.marmot;

import org.streamflex.Channel;
import org.streamflex.DoubleChannel;
import org.streamflex.Filter;
import org.streamflex.FilterEvent;

/**
 * The join after the pipelined direction-of-arrival stages of the one-JVM run: puts every node's
 * DOA vectors and progress marks on one channel in the order the unpipelined graph's
 * {@code Joiner} gave them. Each node's {@link DoaQueue} tells it, on {@code arrivals[k]}, what
 * came to the queue ({@code +n} detections, {@code -n} marks) as it came; the merge runs right after
 * the queue (downstream of it, depth first) and takes the news node by node in connection order,
 * as the Joiner took its inputs, so its log of (node, kind, count) is the Joiner's order. It then
 * puts items in that order as they come back: a detection once its node's DOA has answered it (the
 * DOA answers every detection, a {@link MarmotDoa#NO_DIRECTION} vector for one it drops, which stops
 * here and is counted here, under the DOA's event for its reason), a mark once the queue has let
 * it go. So no mark overtakes a detection still in a DOA, and the clustering sees the Joiner's
 * items, item for item.
 *
 * <pre>{@code
 * DoaMerge merge = makeFilter("doa-merge", DoaMerge.class, 256 << 10, 64 << 10);
 * connect(queue, "arrivals", merge, "arrivals", 64);   // node by node, in node order:
 * connect(forward, "out", merge, "vectors", 256);      // its DOA's vectors
 * connect(queue, "marks", merge, "marks", 1024);       // its marks
 * connect(merge, "out", doaLog, "in", 256);
 * }</pre>
 */
public final class DoaMerge extends Filter {
    /** Entries of the order log; more than every node's queue can hold at once, as entries of one kind merge. */
    static final int LOG = 1 << 14;

    // The DOA's events for the detections it dropped, counted here (MarmotDoa#dropped says why).
    private static final FilterEvent TOO_SHORT = FilterEvent.named(MarmotDoa.TOO_SHORT_EVENT);
    private static final FilterEvent NO_BINS = FilterEvent.named(MarmotDoa.NO_BINS_EVENT);
    private static final FilterEvent NO_ONSET = FilterEvent.named(MarmotRun.NO_ONSET_EVENT);
    private static final FilterEvent UNKNOWN_NODE = FilterEvent.named(MarmotDoa.UNKNOWN_NODE_EVENT);

    private DoubleChannel[] arrivals;
    private Channel<DoaVector>[] vectors;
    private Channel<DoaVector>[] marks;
    private Channel<DoaVector> out;
    /** Per entry: the node's index times 2, plus 1 for marks; and how many items of it are still to go. */
    private final int[] logWhat = new int[LOG];
    private final int[] logCount = new int[LOG];
    private int first;
    private int entries;

    private DoaMerge() {
    }

    @Override
    public void work() {
        for (int k = 0; k < arrivals.length; k++) {
            DoubleChannel news = arrivals[k];
            while (news.size() > 0) {
                int n = (int) news.take();
                log(n > 0 ? 2 * k : 2 * k + 1, Math.abs(n));
            }
        }
        int room = out.capacity() - out.size();
        while (entries > 0 && room > 0) {
            int what = logWhat[first];
            Channel<DoaVector> from = what % 2 == 0 ? vectors[what / 2] : marks[what / 2];
            if (from.size() == 0) {
                return;
            }
            DoaVector v = from.take();
            if (v.kind != MarmotDoa.NO_DIRECTION) {
                out.put(v);
                room--;
            } else {
                raise(switch (v.seq) {
                    case MarmotDoa.DROPPED_TOO_SHORT -> TOO_SHORT;
                    case MarmotDoa.DROPPED_NO_BINS -> NO_BINS;
                    case MarmotDoa.DROPPED_NO_ONSET -> NO_ONSET;
                    default -> UNKNOWN_NODE;
                });
            }
            if (--logCount[first] == 0) {
                first = (first + 1) % LOG;
                entries--;
            }
        }
    }

    private void log(int what, int count) {
        int last = (first + entries - 1) % LOG;
        if (entries > 0 && logWhat[last] == what) {
            logCount[last] += count;
            return;
        }
        if (entries == LOG) {
            throw new IllegalStateException("DoaMerge: " + LOG + " runs of items wait for the nodes' DOAs; the"
                    + " queues hold fewer: give a smaller --doa-queue");
        }
        int at = (first + entries) % LOG;
        logWhat[at] = what;
        logCount[at] = count;
        entries++;
    }
}
