package org.streamflex.dsp.spectrum;

import org.streamflex.Filter;
import org.streamflex.FilterEvent;
import org.streamflex.SharedChannel;
import org.streamflex.dsp.FloatSeg;
import org.streamflex.dsp.window.GapPolicy;

/**
 * What the filters that score a signal's windows a block at a time share ({@link BandScore}, which
 * puts each score on a channel, and {@code detect.BandCfar}, which feeds each to a CFAR detector):
 * the input {@code in} of segments, the {@link BandWindows} that cut and score them, the window
 * events raised as they are met, and a firing that takes every segment available. Each score goes
 * to {@link #scored}, in order, within the firing that computes it.
 *
 * <pre>{@code
 * public final class Loudest extends BandScoring {
 *     private double loudest;
 *     protected void scored(double value, long startNanos, long endNanos) {
 *         loudest = Math.max(loudest, value);
 *     }
 * }
 * }</pre>
 */
public abstract class BandScoring extends Filter {
    private static final FilterEvent IN_PAST = FilterEvent.named("input-in-past");
    private static final FilterEvent OVERLAP = FilterEvent.named("input-overlap");
    private static final FilterEvent GAP = FilterEvent.named("gap");
    private static final FilterEvent TIMEBASE_CHANGE = FilterEvent.named("timebase-change");
    private static final FilterEvent SHORT_DROPPED = FilterEvent.named("short-window-dropped");
    private static final FilterEvent ZERO_PADDED = FilterEvent.named("zero-padded");

    private SharedChannel<FloatSeg> in;
    private BandWindows windows;

    /** Windows of {@link BandScore#DEFAULT_SIZE}, no overlap, every bin, short windows scored. */
    protected BandScoring() {
        setWindows(BandScore.DEFAULT_SIZE, 0, 0, Double.POSITIVE_INFINITY, GapPolicy.EMIT_SHORT);
    }

    /**
     * Sets the windows and the band ({@link BandScore#configure} says what each value is), checked
     * in the name of the concrete class. Call it while the graph is built, before it runs.
     *
     * @throws IllegalArgumentException if a value is out of range
     */
    protected final void setWindows(int size, int overlap, double lowHz, double highHz, GapPolicy gaps) {
        BandWindows.check(getClass().getSimpleName(), size, overlap, lowHz, highHz, gaps);
        windows = new BandWindows(size, overlap, lowHz, highHz, gaps == GapPolicy.EMIT_SHORT);
    }

    /** The window and FFT size {@code n}. */
    public final int size() {
        return windows.size();
    }

    /** Takes the score of the next window, {@code [startNanos, endNanos)} on its timebase. */
    protected abstract void scored(double value, long startNanos, long endNanos);

    @Override
    public final void work() {
        while (in.size() > 0) {
            FloatSeg segment = in.take();
            if (segment.length() > 0) {
                boolean more = windows.begin(segment);
                chunkRead();
                while (more) {
                    more = windows.next(segment);
                    chunkRead();
                }
            }
        }
    }

    /** Raises the events the last chunk met, then hands on its scores. */
    private void chunkRead() {
        if (windows.eventsMet()) {
            raiseAll(IN_PAST, windows.events(BandWindows.IN_PAST));
            raiseAll(OVERLAP, windows.events(BandWindows.OVERLAP));
            raiseAll(GAP, windows.events(BandWindows.GAP));
            raiseAll(TIMEBASE_CHANGE, windows.events(BandWindows.TIMEBASE_CHANGE));
            raiseAll(SHORT_DROPPED, windows.events(BandWindows.SHORT_DROPPED));
            raiseAll(ZERO_PADDED, windows.events(BandWindows.ZERO_PADDED));
        }
        for (int i = 0; i < windows.scores(); i++) {
            scored(windows.value(i), windows.startNanos(i), windows.endNanos(i));
        }
    }

    private void raiseAll(FilterEvent event, int times) {
        for (int k = 0; k < times; k++) {
            raise(event);
        }
    }
}
