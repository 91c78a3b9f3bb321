package org.streamflex.dsp.spectrum;

import java.util.Arrays;
import org.streamflex.Stable;
import org.streamflex.dsp.FloatSeg;
import org.streamflex.dsp.Timebase;
import org.streamflex.dsp.window.GapPolicy;

/**
 * The arithmetic of {@link BandScore}, for the filters that score windows a block at a time
 * ({@code BandScore}, which puts each score on a channel, and {@code detect.BandCfar}, which feeds
 * each to a CFAR detector in the same firing): cuts the segments it is given into windows as
 * {@code rewindow(n, overlap)} does, and scores each window by the sum of its in-band bins'
 * magnitudes. What a segment yields comes out a chunk at a time, into arrays the caller reads
 * before asking for the next chunk, with the events it met counted by kind.
 *
 * <pre>{@code
 * BandWindows windows = new BandWindows(32, 0, 2_000, 8_000, true);   // in configure()
 * boolean more = windows.begin(segment);                                // in work()
 * use(windows);                             // events(k), scores(), value(i), startNanos(i), endNanos(i)
 * while (more) {
 *     more = windows.next(segment);
 *     use(windows);
 * }
 * }</pre>
 *
 * <p>{@link BandScore}'s Javadoc says what the windows and the scores are, bit for bit. Allocates
 * nothing after construction for a power-of-two {@code n}. Not thread-safe: it belongs to one filter.
 */
public final class BandWindows implements Stable {
    /** Event kind: a segment wholly before what was received ({@code input-in-past}); it is ignored. */
    public static final int IN_PAST = 0;
    /** Event kind: a segment starting before what was received ({@code input-overlap}); its new samples count. */
    public static final int OVERLAP = 1;
    /** Event kind: a segment starting after what was received ({@code gap}): the run ends, a new one starts. */
    public static final int GAP = 2;
    /** Event kind: a segment on another timebase ({@code timebase-change}): the run ends, a new one starts. */
    public static final int TIMEBASE_CHANGE = 3;
    /** Event kind: an unfinished window at a run's end dropped ({@code short-window-dropped}). */
    public static final int SHORT_DROPPED = 4;
    /** Event kind: an unfinished window at a run's end scored zero-padded ({@code zero-padded}). */
    public static final int ZERO_PADDED = 5;
    /** The number of event kinds. */
    public static final int EVENT_KINDS = 6;

    private static final int CHUNK = 1024;

    private final int n;
    private final int hop;
    private final double lowHz;
    private final double highHz;
    private final boolean emitShort;
    private final RealFft fft;
    /** The unfinished windows' samples, from the oldest one's start: fewer than {@code n} between chunks. */
    private final float[] pending;
    /** Input samples copied out of a segment, {@code max(n, CHUNK)} at a time. */
    private final float[] staging;
    /** The FFT's input and output. */
    private final float[] spectrum;
    private final int[] events = new int[EVENT_KINDS];
    private final double[] values;
    private final long[] starts;
    private final long[] ends;
    private int scored;
    private boolean met;

    // The current run: its timebase (null before the first sample), the first sample of the oldest
    // unfinished window, and how many samples after it have arrived.
    private Timebase run;
    private long windowStart;
    private int pendingLength;
    // The band, worked out again only when the rate changes.
    private double bandRate = Double.NaN;
    private int first;
    private int last;
    // The first sample of the segment being read not yet read: the caller passes the segment on each call, so
    // that no shared value is kept here between calls.
    private int from;

    /**
     * Windows of {@code size} samples overlapping by {@code overlap}, scored over the bins from
     * {@code lowHz} to {@code highHz}; {@code emitShort}: a run's unfinished windows are scored
     * zero-padded when it ends, else dropped. The caller checks the values ({@link BandScore#configure}).
     */
    public BandWindows(int size, int overlap, double lowHz, double highHz, boolean emitShort) {
        this.n = size;
        this.hop = size - overlap;
        this.lowHz = lowHz;
        this.highHz = highHz;
        this.emitShort = emitShort;
        this.fft = new RealFft(size);
        this.pending = new float[size];
        this.spectrum = new float[2 * fft.bins()];
        this.staging = new float[Math.max(size, CHUNK)];
        // A chunk completes at most (pending + chunk - n) / hop + 1 windows; a run's end scores fewer than n.
        int most = (size + staging.length) / hop + 2;
        this.values = new double[most];
        this.starts = new long[most];
        this.ends = new long[most];
    }

    /**
     * Checks a band score's parameters for {@code who}'s {@code configure}: what a {@link BandWindows}
     * takes, the gap policy given.
     *
     * @throws IllegalArgumentException if a value is out of range
     */
    public static void check(String who, int size, int overlap, double lowHz, double highHz, GapPolicy gaps) {
        if (size < 1 || overlap < 0 || overlap >= size) {
            throw new IllegalArgumentException(who + ".configure(size " + size + ", overlap " + overlap
                    + "): the size must be at least 1 and the overlap from 0 to size - 1 samples");
        }
        BinBand.check(who, lowHz, highHz);
        if (gaps == null) {
            throw new IllegalArgumentException(who + ": give a GapPolicy for the windows a gap cuts short");
        }
    }

    /** The window and FFT size {@code n}. */
    public int size() {
        return n;
    }

    /**
     * Starts reading {@code s} (not empty): finds where it stands against the run (an overlap, a
     * gap, another timebase, all of it in the past), scores the unfinished windows of a run it
     * ends, then the windows its first chunk completes. Read {@link #events} and the scores, then,
     * while it returns true, call {@link #next} with the same segment for the next chunk's.
     *
     * @return whether more of it is left to read
     */
    public boolean begin(FloatSeg s) {
        clear();
        Timebase timebase = s.timebase();
        int at = 0;
        if (run == null) {
            startRun(timebase, s.start());
        } else if (!run.equals(timebase)) {
            count(TIMEBASE_CHANGE);
            endRun();
            startRun(timebase, s.start());
        } else {
            long received = windowStart + pendingLength;
            if (s.end() <= received) {
                count(IN_PAST);
                return false;
            }
            if (s.start() < received) {
                count(OVERLAP);
                at = (int) (received - s.start());
            } else if (s.start() > received) {
                count(GAP);
                endRun();
                startRun(timebase, s.start());
            }
        }
        from = at;
        return readChunk(s);
    }

    /**
     * Scores the windows the next chunk of {@code s}, the segment given to {@link #begin}, completes,
     * after the caller has read the last chunk's.
     *
     * @return whether more of it is left to read
     */
    public boolean next(FloatSeg s) {
        clear();
        return from < s.length() && readChunk(s);
    }

    /** Whether the last {@link #begin} or {@link #next} met any event: most chunks meet none. */
    public boolean eventsMet() {
        return met;
    }

    /** How many events of {@code kind} the last {@link #begin} or {@link #next} met. */
    public int events(int kind) {
        return events[kind];
    }

    /** How many windows the last {@link #begin} or {@link #next} scored. */
    public int scores() {
        return scored;
    }

    /** The score of the {@code i}-th window scored, in order. */
    public double value(int i) {
        return values[i];
    }

    /** The {@code i}-th window's start, {@code timeNanos(first sample)} on its timebase. */
    public long startNanos(int i) {
        return starts[i];
    }

    /** The {@code i}-th window's end, {@code timeNanos(first sample + n)} on its timebase. */
    public long endNanos(int i) {
        return ends[i];
    }

    private void clear() {
        if (met) {
            Arrays.fill(events, 0);
            met = false;
        }
        scored = 0;
    }

    // A chunk at a time into an array: one copy out of the segment's memory per chunk rather than one per
    // window, whose fixed cost is most of a 32-sample copy.
    private boolean readChunk(FloatSeg s) {
        int count = Math.min(staging.length, s.length() - from);
        if (count > 0) {
            s.copyTo(from, staging, 0, count);
            consume(staging, count);
            from += count;
        }
        return from < s.length();
    }

    /** Scores every window {@code samples[0 .. count)} completes and keeps the rest pending. */
    private void consume(float[] samples, int count) {
        int at = 0;
        while (pendingLength > 0 && at < count) {
            int take = Math.min(n - pendingLength, count - at);
            System.arraycopy(samples, at, pending, pendingLength, take);
            pendingLength += take;
            at += take;
            if (pendingLength == n) {
                score(pending, 0, n);
                // The next window starts a hop later; with an overlap its first samples are here.
                System.arraycopy(pending, hop, pending, 0, n - hop);
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
            System.arraycopy(samples, at, pending, 0, count - at);
            pendingLength = count - at;
        }
    }

    private void count(int kind) {
        events[kind]++;
        met = true;
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
        for (int offset = 0; offset < pendingLength; offset += hop) {
            if (emitShort) {
                count(ZERO_PADDED);
                long start = windowStart;
                windowStart += offset;
                score(pending, offset, pendingLength - offset);
                windowStart = start;
            } else {
                count(SHORT_DROPPED);
            }
        }
        pendingLength = 0;
    }

    /** Scores the window of {@code length} samples at {@code window[offset]}, starting at {@code windowStart}. */
    private void score(float[] window, int offset, int length) {
        float[] x = spectrum;
        System.arraycopy(window, offset, x, 0, length);
        if (length < n) {
            Arrays.fill(x, length, n, 0f);
        }
        // In place, packed: the same floats forward() would unpack, without its two copies per window.
        fft.forwardPacked(x, 0);
        double sum = 0;
        for (int k = first; k <= last; k++) {
            double re;
            double im;
            if (k == 0 || 2 * k == n) {
                re = x[k == 0 ? 0 : 1]; // DC and Nyquist are real; Re X[n/2] is packed at [1]
                im = 0;
            } else if (2 * k + 1 == n) {
                re = x[2 * k]; // the last bin of an odd n: its imaginary part is packed at [1]
                im = x[1];
            } else {
                re = x[2 * k];
                im = x[2 * k + 1];
            }
            sum += Math.sqrt(re * re + im * im);
        }
        values[scored] = sum;
        starts[scored] = run.timeNanos(windowStart);
        ends[scored] = run.timeNanos(windowStart + n);
        scored++;
    }
}
