package org.streamflex.dsp.testing;

import org.streamflex.Filter;
import org.streamflex.SharedChannel;
import org.streamflex.dsp.SegTuple;

/** Takes every tuple and notes its tag, its size and each of its segments, place by place. */
public final class TupleSink extends Filter {
    /** Stable bytes to make it with: its log. */
    public static final int STABLE_BYTES = 2 << 20;
    private static final int TUPLES = 8192;

    private SharedChannel<SegTuple> in;
    private final SegLog log = new SegLog(16_384, 65_536);
    private final long[] tags = new long[TUPLES];
    private final int[] sizes = new int[TUPLES];
    private int count;

    private TupleSink() {
    }

    @Override
    public void work() {
        while (in.size() > 0) {
            SegTuple t = in.take();
            tags[count] = t.tag();
            sizes[count++] = t.size();
            for (int i = 0; i < t.size(); i++) {
                log.record(t.get(i));
            }
        }
    }

    SegLog log() {
        return log;
    }

    int count() {
        return count;
    }

    long tag(int i) {
        return tags[i];
    }

    int size(int i) {
        return sizes[i];
    }
}
