package org.streamflex.dsp.testing;

import org.streamflex.Filter;
import org.streamflex.SharedChannel;
import org.streamflex.dsp.DoubleSeg;

/** Takes every segment and notes it in its {@link SegLog}. */
public final class SegSink extends Filter {
    /** Stable bytes to make it with: its log. */
    public static final int STABLE_BYTES = 2 << 20;

    private SharedChannel<DoubleSeg> in;
    private final SegLog log = new SegLog(16_384, 65_536);

    private SegSink() {
    }

    @Override
    public void work() {
        while (in.size() > 0) {
            log.record(in.take());
        }
    }

    SegLog log() {
        return log;
    }
}
