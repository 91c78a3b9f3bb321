package org.streamflex.dsp.stats;

import org.streamflex.Channel;
import org.streamflex.Filter;
import org.streamflex.SharedChannel;
import org.streamflex.dsp.FloatSeg;

/**
 * The mean and standard deviation of each window ({@link Stats#mean}, {@link Stats#std}) as a
 * {@link WindowMoments} capsule with the window's time range and length.
 *
 * <pre>{@code
 * WindowStats stats = makeFilter(WindowStats.class);
 * connect(rewindow, "out", stats, "in", 16);
 * connect(stats, "out", monitor, "in", 16);           // Channel<WindowMoments>
 * }</pre>
 *
 * <p>Two passes over the window, each as fast as a plain loop's one. Nothing to configure; nothing
 * allocated per window.
 */
public final class WindowStats extends Filter {
    private SharedChannel<FloatSeg> in;
    private Channel<WindowMoments> out;

    @Override
    public void work() {
        FloatSeg window = in.take();
        WindowMoments m = makeCapsule(WindowMoments.class);
        m.startNanos = window.startNanos();
        m.endNanos = window.endNanos();
        m.count = window.length();
        m.mean = Stats.mean(window);
        m.std = Stats.std(window);
        out.put(m);
    }
}
