package org.streamflex.dsp.window;

import java.util.Objects;
import org.streamflex.Filter;
import org.streamflex.FilterEvent;
import org.streamflex.SharedChannel;
import org.streamflex.SharedQueue;
import org.streamflex.dsp.Seg;
import org.streamflex.dsp.Segs;

/**
 * WaveScript's {@code rewindow(size, overlap, s)}: cuts a stream of segments into windows of
 * {@code size} samples, consecutive windows sharing {@code overlap} samples, without copying a
 * sample.
 *
 * <pre>{@code
 * Rewindow<FloatSeg> frames = makeFilter(Rewindow.class);
 * frames.configure(256, 128);                 // 256-sample windows every 128 samples
 * connect(mic, "out", frames, "in", 16);
 * connect(frames, "out", fft, "in", 16);
 * }</pre>
 *
 * <p>The papers leave the semantics open; these are the decisions (the module README):
 * <ul>
 *   <li><b>Units.</b> {@code overlap} counts samples; the hop from one window's start to the next
 *       is {@code size - overlap}, at least one sample.
 *   <li><b>The input is a signal indexed by time, not a list of segments.</b> It is read as runs:
 *       maximal gap-free stretches of samples on one timebase (and of one segment class), with
 *       consecutive sample numbers. Windows start at the run's first sample and every hop after
 *       it, and cover {@code size} samples.
 *   <li><b>A window is emitted as soon as its last sample has arrived</b>, as a cut (and, across
 *       input segments, a join) of the input's own memory. A window that is exactly one input
 *       segment is that segment.
 *   <li><b>De-duplication by time.</b> Input that overlaps samples already received contributes
 *       only its new samples (event {@code input-overlap}); input entirely at or before the newest
 *       sample received is skipped (event {@code input-in-past}). Time only moves forward: a gap
 *       is never filled afterwards. Empty segments carry no sample and are ignored.
 *   <li><b>A run ends</b> at a gap (event {@code gap}) or a change of timebase or class (event
 *       {@code timebase-change}). The windows that started in it and are unfinished are then, by
 *       {@link GapPolicy}: emitted cut at the run's end ({@code EMIT_SHORT}, the default: no
 *       sample is lost), or dropped, each counted in event {@code short-window-dropped}
 *       ({@code DROP_SHORT}). The next run aligns its windows on its own first sample.
 *   <li><b>An unbounded stream has no end</b>: the windows of the current run that are not yet
 *       complete wait for their samples, or for the run to end.
 *   <li><b>Output channel full</b>: as for every channel, the put drops the window and the
 *       channel counts it ({@code channel.<name>.dropped}); the operator goes on.
 * </ul>
 * Under {@code EMIT_SHORT} this makes WaveScript's rule
 * {@code rewindow(x, y, rewindow(a, b, s)) = rewindow(x, y, s)} exact: the inner rewindow's
 * overlapping windows are de-duplicated back into the runs of {@code s}, gaps included.
 *
 * <p><b>State.</b> One segment in a {@link SharedQueue}: the current run from the first sample of
 * its oldest unfinished window to the newest sample, fewer than {@code size} samples once the
 * complete windows are out, held by reference (an empty segment marks where the run stands when
 * nothing is pending). Each input costs one join and each window one cut: segment headers from
 * their pools, no heap allocation.
 *
 * @param <S> the segment class carried
 */
public final class Rewindow<S extends Seg> extends Filter {
    private static final FilterEvent IN_PAST = FilterEvent.named("input-in-past");
    private static final FilterEvent OVERLAP = FilterEvent.named("input-overlap");
    private static final FilterEvent GAP = FilterEvent.named("gap");
    private static final FilterEvent TIMEBASE_CHANGE = FilterEvent.named("timebase-change");
    private static final FilterEvent SHORT_DROPPED = FilterEvent.named("short-window-dropped");

    private SharedChannel<S> in;
    private SharedChannel<S> out;
    /**
     * The current run's samples from the start of its oldest unfinished window to the newest
     * received: every window still to come starts in it. Empty only before the first input.
     */
    private final SharedQueue<S> tail = new SharedQueue<>(1);
    private int size;
    private int hop;
    private GapPolicy gapPolicy = GapPolicy.EMIT_SHORT;

    private Rewindow() {
    }

    /**
     * Sets the window size and the overlap of consecutive windows, both in samples; call it before
     * the graph runs.
     *
     * @throws IllegalArgumentException unless {@code size > 0} and {@code 0 <= overlap < size}
     */
    public void configure(int size, int overlap) {
        if (size <= 0 || overlap < 0 || overlap >= size) {
            throw new IllegalArgumentException(getClass().getSimpleName() + ".configure(size " + size + ", overlap "
                    + overlap + "): the size must be positive and the overlap from 0 to size - 1 samples");
        }
        this.size = size;
        this.hop = size - overlap;
    }

    /** What to do with the unfinished windows of a run that ends ({@link GapPolicy#EMIT_SHORT} by default). */
    public void onGap(GapPolicy policy) {
        this.gapPolicy = Objects.requireNonNull(policy, "policy");
    }

    @Override
    public void work() {
        if (size == 0) {
            throw new IllegalStateException(getClass().getSimpleName()
                    + " was not configured: call configure(size, overlap) before the graph runs");
        }
        while (in.size() > 0) {
            S next = in.take();
            if (next.length() > 0) {
                accept(next);
            }
        }
    }

    private void accept(S next) {
        if (tail.isEmpty()) {
            tail.add(next);
            emitComplete();
            return;
        }
        S run = tail.get(0);
        if (!run.timebase().equals(next.timebase()) || run.getClass() != next.getClass()) {
            raise(TIMEBASE_CHANGE);
            endRun(run);
            tail.replaceLast(next);
            emitComplete();
            return;
        }
        long received = run.end();
        if (next.end() <= received) {
            raise(IN_PAST);
            return;
        }
        S fresh = next;
        if (next.start() < received) {
            raise(OVERLAP);
            fresh = cut(next, received, next.end());
        }
        if (fresh.start() > received) {
            raise(GAP);
            endRun(run);
            tail.replaceLast(fresh);
        } else if (run.length() == 0) {
            tail.replaceLast(fresh); // nothing pending: the input itself, so a window equal to it is it
        } else {
            tail.replaceLast(join(run, fresh));
        }
        emitComplete();
    }

    /** Emits every window of the tail whose last sample has arrived, and keeps the rest. */
    private void emitComplete() {
        S run = tail.get(0);
        long first = run.start();
        long end = run.end();
        long start = first;
        while (end - start >= size) {
            out.put(cut(run, start, start + size));
            start += hop;
        }
        if (start != first) {
            tail.replaceLast(cut(run, start, end));
        }
    }

    /** The run is over: its unfinished windows, cut at its end or dropped. */
    private void endRun(S run) {
        long end = run.end();
        for (long start = run.start(); start < end; start += hop) {
            if (gapPolicy == GapPolicy.EMIT_SHORT) {
                out.put(cut(run, start, end));
            } else {
                raise(SHORT_DROPPED);
            }
        }
    }

    @SuppressWarnings("unchecked") // a cut has its segment's class
    private S cut(S s, long fromSample, long toSample) {
        return (S) Segs.betweenAny(s, fromSample, toSample);
    }

    @SuppressWarnings("unchecked") // a join has its segments' class
    private S join(S first, S second) {
        return (S) Segs.appendAny(first, second);
    }
}
