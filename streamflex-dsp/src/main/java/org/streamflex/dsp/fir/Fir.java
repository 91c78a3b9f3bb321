package org.streamflex.dsp.fir;

import org.streamflex.Filter;
import org.streamflex.FilterEvent;
import org.streamflex.SharedChannel;
import org.streamflex.dsp.FloatSeg;
import org.streamflex.dsp.Timebase;
import org.streamflex.dsp.Workspace;

/**
 * A streaming FIR filter over a signal delivered in segments: {@code y[t] = sum_k h[k] x[t - k]},
 * each output segment with the input segment's timebase, start and length. The filter's history
 * carries across segments that continue one another, so a contiguous run cut into segments of any
 * sizes is filtered as one signal.
 *
 * <pre>{@code
 * Fir fir = makeFilter(Fir.class);
 * fir.configure(FirDesign.lowpass(31, 1000, 8000));  // direct form: fewer than 64 taps
 * connect(source, "out", fir, "in", 16);
 * }</pre>
 *
 * <p><b>Kernels.</b> Fewer taps than the threshold (64 by default, {@link #configure(float[], int)})
 * run in direct form ({@link FirFilter}: double accumulation, bit for bit the same whatever the
 * segment sizes); the threshold and more run by FFT overlap-save ({@link OverlapSaveFir}: the least
 * power-of-two FFT of at least twice the taps, within {@code 1e-5} of the output's peak). 64 is
 * where overlap-save's two FFTs per hop, at about {@code 4 log2(2m)} multiply-adds per output,
 * cost less than the {@code m} of the direct form, with room for its copies.
 *
 * <p><b>Runs and resets.</b> The history is kept while each segment starts where the last one ended
 * ({@code start() == previous end()}) on an equal timebase. A segment after a gap, one that overlaps
 * the last (overlapping windows cannot be one signal), or one on another timebase starts a new run:
 * the history is cleared, as at the stream's first sample, and the reset is counted in the event
 * {@code gap-reset} or {@code timebase-reset}. Zero history rather than keeping it across the gap:
 * samples on either side of a drop-out are not neighbours, and a filter ringing across one would
 * blend unrelated signal. The first segment is not a reset.
 *
 * <p><b>Heap.</b> Nothing per segment. The segment is filtered in chunks of a fixed work array
 * allocated by {@link #configure} (1024 samples for the direct form; the overlap-save hop, at least
 * 1024, otherwise).
 */
public final class Fir extends Filter {
    /** Taps from which overlap-save is used, unless configured otherwise. */
    public static final int DEFAULT_OVERLAP_SAVE_FROM = 64;
    private static final int CHUNK = 1024;
    private static final FilterEvent GAP_RESET = FilterEvent.named("gap-reset");
    private static final FilterEvent TIMEBASE_RESET = FilterEvent.named("timebase-reset");

    private SharedChannel<FloatSeg> in;
    private SharedChannel<FloatSeg> out;

    private FirFilter direct;
    private OverlapSaveFir fast;
    private Workspace chunk;
    private int taps;
    private Timebase runTimebase;
    private long runEnd;

    /** The identity filter, one tap of 1, until configured. */
    public Fir() {
        configure(new float[] {1f});
    }

    /**
     * Sets the taps, with overlap-save from {@link #DEFAULT_OVERLAP_SAVE_FROM} taps. Call it while
     * the graph is built, before it runs; the history starts empty.
     *
     * @param taps {@code h[0 .. m-1]}, {@code h[0]} first, at least one; copied
     * @throws IllegalArgumentException if there are no taps
     */
    public void configure(float[] taps) {
        configure(taps, DEFAULT_OVERLAP_SAVE_FROM);
    }

    /**
     * Sets the taps and the number of taps from which overlap-save replaces the direct form.
     *
     * @param taps {@code h[0 .. m-1]}, {@code h[0]} first, at least one; copied
     * @param overlapSaveFrom use overlap-save when {@code m >= overlapSaveFrom}; 1 always, and
     *     {@code Integer.MAX_VALUE} never
     * @throws IllegalArgumentException if there are no taps or {@code overlapSaveFrom < 1}
     */
    public void configure(float[] taps, int overlapSaveFrom) {
        if (taps.length == 0) {
            throw new IllegalArgumentException("Fir: a FIR filter needs at least one tap");
        }
        if (overlapSaveFrom < 1) {
            throw new IllegalArgumentException("Fir: overlap-save threshold must be at least 1 tap, was "
                    + overlapSaveFrom);
        }
        this.taps = taps.length;
        if (taps.length >= overlapSaveFrom) {
            this.fast = new OverlapSaveFir(taps);
            this.direct = null;
            this.chunk = new Workspace(Math.max(CHUNK, fast.hop()));
        } else {
            this.direct = new FirFilter(taps);
            this.fast = null;
            this.chunk = new Workspace(CHUNK);
        }
        this.runTimebase = null;
    }

    /** The number of taps. */
    public int taps() {
        return taps;
    }

    /** Whether the taps run by FFT overlap-save rather than in direct form. */
    public boolean overlapSave() {
        return fast != null;
    }

    @Override
    public void work() {
        FloatSeg segment = in.take();
        Timebase timebase = segment.timebase();
        if (runTimebase != null && !runTimebase.equals(timebase)) {
            reset();
            raise(TIMEBASE_RESET);
        } else if (runTimebase != null && segment.start() != runEnd) {
            reset();
            raise(GAP_RESET);
        }
        runTimebase = timebase;
        runEnd = segment.end();
        int length = segment.length();
        FloatSeg filtered = FloatSeg.make(timebase, segment.start(), length);
        float[] x = chunk.floats();
        for (int at = 0; at < length; at += x.length) {
            int count = Math.min(x.length, length - at);
            segment.copyTo(at, x, 0, count);
            if (direct != null) {
                direct.filter(x, 0, x, 0, count);
            } else {
                fast.filter(x, 0, x, 0, count);
            }
            filtered.set(at, x, 0, count);
        }
        out.put(filtered);
    }

    private void reset() {
        if (direct != null) {
            direct.reset();
        } else {
            fast.reset();
        }
    }
}
