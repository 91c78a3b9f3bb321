package org.streamflex.dsp.spectrum;

import java.util.Arrays;
import org.streamflex.Channel;
import org.streamflex.Filter;
import org.streamflex.FilterEvent;
import org.streamflex.SharedChannel;
import org.streamflex.dsp.FloatSeg;
import org.streamflex.dsp.Timebase;
import org.streamflex.dsp.TimedValue;
import org.streamflex.dsp.Workspace;
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
 * <p><b>Cost.</b> Per window: a copy of its samples into a work array, the FFT, the band's
 * magnitudes and one capsule; per input segment: one firing, and one copy out of its memory per 1024
 * samples. Nothing is allocated on the heap for a power-of-two {@code n}. Samples of an unfinished
 * window wait in a work array of {@code n} floats, not as a held segment.
 *
 * <p><b>Output.</b> One firing puts every window the input completes (with {@code n - overlap}
 * samples per window, a 1024-sample block and {@code n = 32}: 32 scores), so the output channel
 * should hold at least that many; as on every channel a put on a full one is dropped and counted
 * there. The operator takes every input segment available at each firing.
 */
public final class BandScore extends Filter {
    /** The window and FFT size before {@link #configure}: marmot's. */
    public static final int DEFAULT_SIZE = 32;
    private static final int CHUNK = 1024;
    private static final FilterEvent IN_PAST = FilterEvent.named("input-in-past");
    private static final FilterEvent OVERLAP = FilterEvent.named("input-overlap");
    private static final FilterEvent GAP = FilterEvent.named("gap");
    private static final FilterEvent TIMEBASE_CHANGE = FilterEvent.named("timebase-change");
    private static final FilterEvent SHORT_DROPPED = FilterEvent.named("short-window-dropped");
    private static final FilterEvent ZERO_PADDED = FilterEvent.named("zero-padded");

    private SharedChannel<FloatSeg> in;
    private Channel<TimedValue> out;

    private int n;
    private int hop;
    private double lowHz;
    private double highHz = Double.POSITIVE_INFINITY;
    private boolean emitShort = true;
    private RealFft fft;
    /** The unfinished windows' samples, from the oldest one's start: fewer than {@code n} between inputs. */
    private Workspace pending;
    /** Input samples copied out of a segment, {@code max(n, CHUNK)} at a time. */
    private Workspace staging;
    /** The FFT's input and output, {@code n + 2} floats. */
    private Workspace spectrum;

    // The current run: its timebase (null before the first sample), the first sample of the oldest
    // unfinished window, and how many samples after it have arrived.
    private Timebase run;
    private long windowStart;
    private int pendingLength;
    // The band, worked out again only when the rate changes.
    private double bandRate = Double.NaN;
    private int first;
    private int last;

    /** Windows of {@link #DEFAULT_SIZE}, no overlap, every bin, short windows scored. */
    public BandScore() {
        configure(DEFAULT_SIZE, 0, 0, Double.POSITIVE_INFINITY, GapPolicy.EMIT_SHORT);
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
        if (size < 1 || overlap < 0 || overlap >= size) {
            throw new IllegalArgumentException("BandScore.configure(size " + size + ", overlap " + overlap
                    + "): the size must be at least 1 and the overlap from 0 to size - 1 samples");
        }
        BinBand.check("BandScore", lowHz, highHz);
        if (gaps == null) {
            throw new IllegalArgumentException("BandScore: give a GapPolicy for the windows a gap cuts short");
        }
        this.n = size;
        this.hop = size - overlap;
        this.lowHz = lowHz;
        this.highHz = highHz;
        this.emitShort = gaps == GapPolicy.EMIT_SHORT;
        this.fft = new RealFft(size);
        this.pending = new Workspace(size);
        this.spectrum = new Workspace(2 * fft.bins());
        this.staging = new Workspace(Math.max(size, CHUNK));
        this.run = null;
        this.pendingLength = 0;
        this.bandRate = Double.NaN;
    }

    /** The window and FFT size {@code n}. */
    public int size() {
        return n;
    }

    @Override
    public void work() {
        while (in.size() > 0) {
            FloatSeg segment = in.take();
            if (segment.length() > 0) {
                accept(segment);
            }
        }
    }

    private void accept(FloatSeg segment) {
        Timebase timebase = segment.timebase();
        int from = 0;
        if (run == null) {
            startRun(timebase, segment.start());
        } else if (!run.equals(timebase)) {
            raise(TIMEBASE_CHANGE);
            endRun();
            startRun(timebase, segment.start());
        } else {
            long received = windowStart + pendingLength;
            if (segment.end() <= received) {
                raise(IN_PAST);
                return;
            }
            if (segment.start() < received) {
                raise(OVERLAP);
                from = (int) (received - segment.start());
            } else if (segment.start() > received) {
                raise(GAP);
                endRun();
                startRun(timebase, segment.start());
            }
        }
        // A chunk at a time into an array: one copy out of the segment's memory per chunk rather than
        // one per window, whose fixed cost is most of a 32-sample copy.
        float[] chunk = staging.floats();
        int length = segment.length();
        while (from < length) {
            int count = Math.min(chunk.length, length - from);
            segment.copyTo(from, chunk, 0, count);
            consume(chunk, count);
            from += count;
        }
    }

    /** Scores every window {@code samples[0 .. count)} completes and keeps the rest pending. */
    private void consume(float[] samples, int count) {
        float[] window = pending.floats();
        int at = 0;
        while (pendingLength > 0 && at < count) {
            int take = Math.min(n - pendingLength, count - at);
            System.arraycopy(samples, at, window, pendingLength, take);
            pendingLength += take;
            at += take;
            if (pendingLength == n) {
                score(window, 0, n);
                // The next window starts a hop later; with an overlap its first samples are here.
                System.arraycopy(window, hop, window, 0, n - hop);
                pendingLength = n - hop;
                windowStart += hop;
            }
        }
        // Nothing pending: windows lying wholly in the chunk are scored where they are.
        while (count - at >= n) {
            score(samples, at, n);
            at += hop;
            windowStart += hop;
        }
        if (at < count) {
            System.arraycopy(samples, at, window, 0, count - at);
            pendingLength = count - at;
        }
    }

    private void startRun(Timebase timebase, long start) {
        run = timebase;
        windowStart = start;
        pendingLength = 0;
        if (timebase.sampleRate() != bandRate) {
            first = BinBand.first(n, timebase.sampleRate(), lowHz, highHz);
            last = BinBand.last(n, timebase.sampleRate(), lowHz, highHz);
            bandRate = timebase.sampleRate();
        }
    }

    /** The run is over: its unfinished windows, each cut at the run's last sample, scored padded or dropped. */
    private void endRun() {
        float[] window = pending.floats();
        for (int offset = 0; offset < pendingLength; offset += hop) {
            if (emitShort) {
                raise(ZERO_PADDED);
                long start = windowStart;
                windowStart += offset;
                score(window, offset, pendingLength - offset);
                windowStart = start;
            } else {
                raise(SHORT_DROPPED);
            }
        }
        pendingLength = 0;
    }

    /** Scores the window of {@code length} samples at {@code window[offset]}, starting at {@code windowStart}. */
    private void score(float[] window, int offset, int length) {
        float[] x = spectrum.floats();
        System.arraycopy(window, offset, x, 0, length);
        if (length < n) {
            Arrays.fill(x, length, n, 0f);
        }
        fft.forward(x, 0, x, 0);
        double sum = 0;
        for (int k = first; k <= last; k++) {
            double re = x[2 * k];
            double im = x[2 * k + 1];
            sum += Math.sqrt(re * re + im * im);
        }
        TimedValue v = makeCapsule(TimedValue.class);
        v.startNanos = run.timeNanos(windowStart);
        v.endNanos = run.timeNanos(windowStart + n);
        v.value = sum;
        out.put(v);
    }
}
