package org.streamflex.dsp.testing;

import org.streamflex.Filter;
import org.streamflex.SharedChannel;
import org.streamflex.dsp.Tagged;

/** Takes every tagged segment and notes its tag and its segment. */
public final class TaggedSink extends Filter {
    /** Stable bytes to make it with: its log. */
    public static final int STABLE_BYTES = 2 << 20;

    private SharedChannel<Tagged> in;
    private final SegLog log = new SegLog(16_384, 65_536);
    private final int[] tags = new int[16_384];
    private int count;

    private TaggedSink() {
    }

    @Override
    public void work() {
        while (in.size() > 0) {
            Tagged t = in.take();
            tags[count++] = t.tag();
            log.record(t.value());
        }
    }

    SegLog log() {
        return log;
    }

    int tag(int i) {
        return tags[i];
    }
}
