package org.streamflex.dsp.spectrum;

import org.streamflex.Channel;
import org.streamflex.dsp.TimedValue;
import org.streamflex.dsp.window.GapPolicy;

/**
 * The band score of every window of a signal, a block at a time: what
 * {@code binScore(mask(lo, hi)(fft(n)(rewindow(n, overlap)(s))))} computes, one {@link TimedValue}
 * per window, in one firing per input segment instead of four per window. The rewrite
 * {@code rewrite.BandScoreOfWindows} puts it in place of that chain when a graph is validated (the
 * marmot detector's {@code rewindow(32) -> bandpass(32, lo, hi) -> fft(32) -> binScore} once the
 * bandpass's inverse FFT and the next FFT cancelled); it can also be made directly.
 *
 * <pre>{@code
 * BandScore score = makeFilter(BandScore.class);
 * score.configure(32, 0, 2_000, 8_000, GapPolicy.EMIT_SHORT);   // n, overlap, band in Hz, gaps
 * connect(mic, "out", score, "in", 16);                          // FloatSegs of any length
 * connect(score, "out", detector, "in", 64);                     // one TimedValue per window
 * }</pre>
 *
 * <p><b>Exactly the chain's output.</b> Windows are {@link org.streamflex.dsp.window.Rewindow}'s:
 * the input is read as runs (gap-free samples on one timebase), windows of {@code n} samples start
 * at a run's first sample and every {@code n - overlap} after it, de-duplicated by time, with the
 * same events ({@code input-overlap}, {@code input-in-past}, {@code gap}, {@code timebase-change},
 * {@code short-window-dropped}); at the end of a run its unfinished windows are scored
 * zero-padded, as {@link Fft} pads them ({@code zero-padded}), or dropped by
 * {@link GapPolicy#DROP_SHORT}. Each window goes through the same {@link RealFft} as {@link Fft};
 * its score is the sum, in double and in bin order, of {@code sqrt(re^2 + im^2)} over the bins
 * {@link BandMask} keeps ({@code lo <= k * rate / n <= hi}), which is bit for bit what
 * {@link BinScore} adds over the masked spectrum (a zeroed bin adds exactly 0). The value's range is
 * {@code [timeNanos(start), timeNanos(start + n))} on the window's timebase, as {@link BinScore}
 * gives it. {@code BandScoreTest} checks all of this against the chain of operators.
 *
 * <p><b>Cost.</b> (The arithmetic is {@link BandWindows}'s, the firing {@link BandScoring}'s, which
 * {@code detect.BandCfar} shares.)
 * Per window: a copy of its samples into a work array, the FFT, the band's
 * magnitudes and one capsule; per input segment: one firing, and one copy out of its memory per 1024
 * samples. Nothing is allocated on the heap for a power-of-two {@code n}. Samples of an unfinished
 * window wait in a work array of {@code n} floats, not as a held segment.
 *
 * <p><b>Output.</b> One firing puts every window the input completes (with {@code n - overlap}
 * samples per window, a 1024-sample block and {@code n = 32}: 32 scores), so the output channel
 * should hold at least that many; as on every channel a put on a full one is dropped and counted
 * there. The operator takes every input segment available at each firing.
 */
public final class BandScore extends BandScoring {
    /** The window and FFT size before {@link #configure}: marmot's. */
    public static final int DEFAULT_SIZE = 32;

    private Channel<TimedValue> out;

    /** Windows of {@link #DEFAULT_SIZE}, no overlap, every bin, short windows scored. */
    public BandScore() {
    }

    /**
     * Sets the windows and the band. Call it while the graph is built, before it runs.
     *
     * @param size the window and FFT size {@code n}, at least 1; a power of two allocates nothing
     * @param overlap samples shared by consecutive windows, from 0 to {@code size - 1}
     * @param lowHz the lowest bin frequency kept, from 0 (0 keeps DC)
     * @param highHz the highest kept, at least {@code lowHz}; half the rate or more keeps Nyquist
     * @param gaps what becomes of a run's unfinished windows when it ends: scored zero-padded
     *     ({@link GapPolicy#EMIT_SHORT}) or dropped and counted
     * @throws IllegalArgumentException if a value is out of range
     */
    public void configure(int size, int overlap, double lowHz, double highHz, GapPolicy gaps) {
        setWindows(size, overlap, lowHz, highHz, gaps);
    }

    @Override
    protected void scored(double value, long startNanos, long endNanos) {
        TimedValue v = makeCapsule(TimedValue.class);
        v.startNanos = startNanos;
        v.endNanos = endNanos;
        v.value = value;
        out.put(v);
    }
}
