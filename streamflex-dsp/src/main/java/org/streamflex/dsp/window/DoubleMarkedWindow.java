package org.streamflex.dsp.window;

import org.streamflex.Channel;
import org.streamflex.DoubleChannel;
import org.streamflex.Filter;
import org.streamflex.FilterEvent;
import org.streamflex.SharedChannel;
import org.streamflex.SharedQueue;
import org.streamflex.dsp.DoubleSeg;
import org.streamflex.dsp.TimebaseIds;

/**
 * A window that restores time: rebuilds segments of {@code n} samples from a {@code double} stream
 * and the {@link SegMark}s a {@link DoubleMarkingDewindow} sent beside it, each sample at the time
 * its mark gives. Its windows are exactly those of a {@link Rewindow} of size {@code n}, overlap 0
 * and {@link GapPolicy#EMIT_SHORT} over the original segments, so WaveScript's rule
 * {@code window(n, dewindow(s)) = rewindow(n, 0, s)} holds with time kept.
 *
 * <pre>{@code
 * DoubleMarkedWindow rebuild = makeFilter(DoubleMarkedWindow.class);
 * rebuild.configure(256);
 * connect(flat, "out", rebuild, "in", 1024);
 * connect(flat, "marks", rebuild, "marks", 64);
 * connect(rebuild, "out", fft, "in", 4);
 * }</pre>
 *
 * <p>Decisions (the module README), as {@link Rewindow}'s: the marks describe a signal of runs
 * (gap-free stretches on one timebase); windows start at each run's first sample and every
 * {@code n} samples after; samples at or before the newest one received are read and skipped
 * (events {@code input-overlap}, or {@code input-in-past} for a whole mark); a gap or a timebase
 * change (events {@code gap}, {@code timebase-change}) ends the run, and its unfinished window is
 * emitted cut at the run's end. A window is emitted when its last sample arrives, and waits for it
 * otherwise. Samples are copied once, into segments from the pool; the window being filled is
 * kept in a {@link SharedQueue} between releases. A full output channel drops the window and counts
 * it, as every channel does.
 * <!-- template: the build drops these lines from the classes it generates -->
 *
 * <p>This class is the template of the marked window operators of the other sample types: the
 * build generates {@code FloatMarkedWindow}, {@code IntMarkedWindow}, {@code ShortMarkedWindow}
 * and {@code LongMarkedWindow} from it ({@code build-tools/Specialize.java}).
 * <!-- :template -->
 */
public final class DoubleMarkedWindow extends Filter {
    private static final FilterEvent IN_PAST = FilterEvent.named("input-in-past");
    private static final FilterEvent OVERLAP = FilterEvent.named("input-overlap");
    private static final FilterEvent GAP = FilterEvent.named("gap");
    private static final FilterEvent TIMEBASE_CHANGE = FilterEvent.named("timebase-change");

    private DoubleChannel in;
    private Channel<SegMark> marks;
    private SharedChannel<DoubleSeg> out;
    /** The window being filled, between releases; written only while nothing else holds it. */
    private final SharedQueue<DoubleSeg> filling = new SharedQueue<>(1);
    private int n;
    /** The id of the current run's timebase; -1 before the first mark. */
    private int runTimebase = -1;
    /** One past the newest sample of the current run. */
    private long received;
    /** The scalars of the current mark not yet read. */
    private int markLeft;
    /** The sample number of the next scalar. */
    private long markNext;
    /** Samples in the window being filled. */
    private int filled;

    private DoubleMarkedWindow() {
    }

    /**
     * Sets the window size in samples; call it before the graph runs.
     *
     * @throws IllegalArgumentException if {@code n} is not positive
     */
    public void configure(int n) {
        if (n <= 0) {
            throw new IllegalArgumentException(getClass().getSimpleName() + ".configure(n " + n
                    + "): a window has at least one sample");
        }
        this.n = n;
    }

    @Override
    public void work() {
        if (n == 0) {
            throw new IllegalStateException(getClass().getSimpleName()
                    + " was not configured: call configure(n) before the graph runs");
        }
        // Taken back from the queue, the window is held by this work() alone, so it is writable.
        DoubleSeg window = filling.isEmpty() ? null : filling.removeFirst();
        while (true) {
            if (markLeft == 0) {
                if (marks.size() == 0) {
                    break;
                }
                SegMark mark = marks.take();
                if (mark.length > 0) {
                    window = startMark(mark.timebase, mark.start, mark.length, window);
                }
                continue;
            }
            if (in.size() == 0) {
                break;
            }
            double value = in.take();
            long sample = markNext++;
            markLeft--;
            if (sample < received) {
                continue; // received already: de-duplicated by time
            }
            if (window == null) {
                window = DoubleSeg.make(TimebaseIds.timebase(runTimebase), sample, n);
                filled = 0;
            }
            window.set(filled++, value);
            received = sample + 1;
            if (filled == n) {
                out.put(window);
                window = null;
            }
        }
        if (window != null) {
            filling.add(window);
        }
    }

    /** Reads a mark: where its samples go, and whether the run goes on. Returns the window still being filled. */
    private DoubleSeg startMark(int timebase, long start, int length, DoubleSeg window) {
        DoubleSeg open = window;
        if (runTimebase != timebase) {
            if (runTimebase >= 0) {
                raise(TIMEBASE_CHANGE);
                open = endRun(open);
            }
            runTimebase = timebase;
            received = start;
        } else if (start + length <= received) {
            raise(IN_PAST);
        } else if (start < received) {
            raise(OVERLAP);
        } else if (start > received) {
            raise(GAP);
            open = endRun(open);
            received = start;
        }
        markNext = start;
        markLeft = length;
        return open;
    }

    /** The run is over: its unfinished window goes out cut at the run's end. */
    private DoubleSeg endRun(DoubleSeg window) {
        if (window != null) {
            out.put(window.subseg(0, filled));
        }
        return null;
    }
}
