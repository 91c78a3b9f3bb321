package org.streamflex.dsp.join;

import java.util.Arrays;
import java.util.Objects;
import org.streamflex.Channel;
import org.streamflex.Filter;
import org.streamflex.FilterEvent;
import org.streamflex.SharedChannel;
import org.streamflex.SharedQueue;
import org.streamflex.dsp.Seg;
import org.streamflex.dsp.SegTuple;
import org.streamflex.dsp.Segs;
import org.streamflex.dsp.TimeRange;
import org.streamflex.dsp.Timebase;

/**
 * XStream's {@code sync} and WaveScript's {@code syncSelect}: a join on time ranges. For each
 * {@link TimeRange} on {@code control} it emits one {@link SegTuple} whose place i holds input i's
 * samples in that range, cut from the input's own memory (no sample copied).
 *
 * <pre>{@code
 * Sync sync = makeFilter(Sync.class);
 * sync.configure(480_000, SyncPolicy.DROP_INCOMPLETE);   // 10 s of 48 kHz per input
 * for (Filter mic : mics) {
 *     connect(mic, "out", sync, "in", 64);                // in[0], in[1], ...
 * }
 * connect(detector, "out", sync, "control", 16);
 * connect(sync, "out", doa, "in", 4);
 * }</pre>
 *
 * <p>Decisions (the module README):
 * <ul>
 *   <li><b>Buffering.</b> Each input keeps the segments it received, as they came, in a
 *       {@link SharedQueue}: a run (a gap-free stretch) is one or more of them, joined only when
 *       the input holds {@value #SEGMENTS_PER_INPUT} segments (then each run becomes one, with
 *       {@link Segs#appendAny}) or when a range takes samples from several, so a block costs no
 *       join when it arrives. It keeps up to {@code maxSamplesPerInput} samples and
 *       {@value #RUNS_PER_INPUT} runs; beyond either its oldest data is released (event
 *       {@code data-overflow}). Input for times already released
 *       is discarded (event {@code data-late}), and input for times already received is
 *       de-duplicated, keeping only its new samples (event {@code data-overlap}). A change of
 *       timebase or segment class on an input drops what it held (event
 *       {@code input-timebase-change}).
 *   <li><b>Ranges</b> are in nanoseconds, {@code [startNanos, endNanos)}; on input i they cover the
 *       samples {@code tb.firstSampleAtOrAfter(startNanos) .. tb.firstSampleAtOrAfter(endNanos) - 1}
 *       of its timebase {@code tb}, so inputs on timebases of the same rate but other origins
 *       (delayed microphones) each get their own samples of the same instants. Control tuples are
 *       served in order.
 *   <li><b>Complete</b>: every input holds the whole range; the tuple is emitted at once.
 *   <li><b>Future</b>: some input has neither received nor released the range's end, or has not
 *       received anything yet; the control tuple stays in its channel until data arrives.
 *   <li><b>Late</b>: the range starts before what some input still holds (released by an earlier
 *       range or by the buffer bound); event {@code range-late}.
 *   <li><b>Missing data</b>: an input has data up to the range's end, with a gap inside the range
 *       (or data starting after the range's start); event {@code range-missing-data}.
 *   <li>{@link SyncPolicy} decides for late and missing ranges: {@code DROP_INCOMPLETE} drops
 *       them (a late range at once, without waiting), {@code EMIT_AVAILABLE} emits, once every
 *       input has received the range's end, each input's longest gap-free part of the range, or an
 *       empty segment at the range's start.
 *   <li><b>Release.</b> After every control tuple, emitted, dropped or {@code emit == false}, data
 *       before its end is released on every input. An inverted range (end before start) is
 *       dropped (event {@code range-invalid}) and releases as any other.
 *   <li>The tuple's {@link SegTuple#tag()} is the control tuple's number, from 0. A full output
 *       channel drops the tuple and counts it, as every channel does.
 * </ul>
 * Nothing is lost uncounted: every sample received is emitted, released after a range, or counted
 * in one of the events above.
 */
public final class Sync extends Filter {
    /** The most data inputs. */
    public static final int MAX_INPUTS = 16;
    /** The most runs (gap-free stretches) one input keeps. */
    public static final int RUNS_PER_INPUT = 64;
    /** The most segments one input keeps before it joins each of its runs into one. */
    public static final int SEGMENTS_PER_INPUT = 256;
    /** The default bound on the samples one input keeps: 10 seconds at 48 kHz. */
    public static final int DEFAULT_MAX_SAMPLES = 480_000;

    private static final FilterEvent RANGE_LATE = FilterEvent.named("range-late");
    private static final FilterEvent RANGE_MISSING = FilterEvent.named("range-missing-data");
    private static final FilterEvent RANGE_INVALID = FilterEvent.named("range-invalid");
    private static final FilterEvent DATA_LATE = FilterEvent.named("data-late");
    private static final FilterEvent DATA_OVERLAP = FilterEvent.named("data-overlap");
    private static final FilterEvent DATA_OVERFLOW = FilterEvent.named("data-overflow");
    private static final FilterEvent TIMEBASE_CHANGE = FilterEvent.named("input-timebase-change");

    private SharedChannel<Seg>[] in;
    private Channel<TimeRange> control;
    private SharedChannel<SegTuple> out;
    /**
     * Per input, the segments it holds, oldest first, each run (gap-free stretch) one or more of them.
     * Once an input has received anything it is never empty: an empty segment at the end of what it
     * received, alone, marks its timebase, class and place in time when all of it was released.
     */
    private final SharedQueue<Seg>[] runs;
    /** Per input, its runs (the mark of an input that holds nothing counts as one). */
    private final int[] runCount = new int[MAX_INPUTS];
    /** Per input, the samples it holds. */
    private final long[] heldSamples = new long[MAX_INPUTS];
    /** Per input, its first sample not released: data before it is discarded on arrival. */
    private final long[] floor = new long[MAX_INPUTS];
    /** Per input, the current range's first sample and one past its last, on its timebase. */
    private final long[] from = new long[MAX_INPUTS];
    private final long[] to = new long[MAX_INPUTS];
    /** The end of every range served so far: data before it is released on every input. */
    private long releasedNanos = Long.MIN_VALUE;
    /** Control tuples served. */
    private long ranges;
    private int maxSamples = DEFAULT_MAX_SAMPLES;
    private SyncPolicy policy = SyncPolicy.DROP_INCOMPLETE;

    @SuppressWarnings({"unchecked", "rawtypes"}) // an array of generic queues
    private Sync() {
        runs = new SharedQueue[MAX_INPUTS];
        for (int i = 0; i < MAX_INPUTS; i++) {
            runs[i] = new SharedQueue<>(SEGMENTS_PER_INPUT);
        }
        Arrays.fill(floor, Long.MIN_VALUE);
    }

    /**
     * Sets the bound on the samples each input keeps, and what to do with late and missing ranges;
     * call it before the graph runs. The defaults are {@value #DEFAULT_MAX_SAMPLES} samples and
     * {@link SyncPolicy#DROP_INCOMPLETE}.
     *
     * @throws IllegalArgumentException if {@code maxSamplesPerInput} is not positive
     */
    public void configure(int maxSamplesPerInput, SyncPolicy policy) {
        if (maxSamplesPerInput <= 0) {
            throw new IllegalArgumentException(getClass().getSimpleName() + ".configure(maxSamplesPerInput "
                    + maxSamplesPerInput + ", " + policy + "): each input must be allowed at least one sample");
        }
        this.policy = Objects.requireNonNull(policy, "policy");
        this.maxSamples = maxSamplesPerInput;
    }

    @Override
    public void work() {
        if (in.length > MAX_INPUTS) {
            throw new IllegalStateException(getClass().getSimpleName() + " has " + in.length + " inputs; it takes at"
                    + " most " + MAX_INPUTS);
        }
        for (int i = 0; i < in.length; i++) {
            SharedChannel<Seg> input = in[i];
            while (input.size() > 0) {
                Seg s = input.take();
                if (s.length() > 0) {
                    absorb(i, s);
                }
            }
        }
        while (control.size() > 0) {
            TimeRange range = control.peek(0);
            if (!serve(range.startNanos, range.endNanos, range.emit)) {
                return; // left in its channel until more data arrives
            }
            control.take();
            release(range.endNanos);
            ranges++;
        }
    }

    // ---- input

    private void absorb(int i, Seg s) {
        SharedQueue<Seg> q = runs[i];
        if (!q.isEmpty()) {
            Seg last = q.get(q.size() - 1);
            if (!last.timebase().equals(s.timebase()) || last.getClass() != s.getClass()) {
                raise(TIMEBASE_CHANGE);
                q.clear();
                runCount[i] = 0;
                heldSamples[i] = 0;
            }
        }
        if (q.isEmpty()) {
            floor[i] = releasedNanos == Long.MIN_VALUE ? Long.MIN_VALUE
                    : s.timebase().firstSampleAtOrAfter(releasedNanos);
        }
        long newest = q.isEmpty() ? Long.MIN_VALUE : q.get(q.size() - 1).end();
        long keepFrom = Math.max(floor[i], newest);
        Seg fresh = s;
        if (s.start() < keepFrom) {
            raise(s.start() < floor[i] ? DATA_LATE : DATA_OVERLAP);
            if (s.end() <= keepFrom) {
                return;
            }
            fresh = Segs.betweenAny(s, keepFrom, s.end());
        }
        boolean newRun = fresh.start() > newest;
        if (newRun && runCount[i] == RUNS_PER_INPUT) {
            raise(DATA_OVERFLOW); // no room for another run: the oldest goes
            releaseBefore(i, oldestRunEnd(q));
        }
        if (!q.isEmpty() && q.get(q.size() - 1).length() == 0) {
            q.replaceLast(fresh); // the mark of an input that held nothing: the data takes its place
            runCount[i] = 1;
        } else {
            if (q.size() == q.capacity()) {
                compact(q);
            }
            q.add(fresh);
            if (newRun) {
                runCount[i]++;
            }
        }
        heldSamples[i] += fresh.length();
        long excess = heldSamples[i] - maxSamples;
        if (excess > 0) {
            raise(DATA_OVERFLOW);
            releaseBefore(i, sampleAfterOldest(q, excess));
        }
    }

    /** Whether the segment at {@code k} is the last of its run: the next one, if any, starts after a gap. */
    private static boolean endsRun(SharedQueue<Seg> q, int k) {
        return k == q.size() - 1 || q.get(k + 1).start() != q.get(k).end();
    }

    /** One past the last sample of the oldest run. */
    private static long oldestRunEnd(SharedQueue<Seg> q) {
        int k = 0;
        while (!endsRun(q, k)) {
            k++;
        }
        return q.get(k).end();
    }

    /** Joins each run's segments into one, for room: the queue then holds one segment per run. */
    private static void compact(SharedQueue<Seg> q) {
        int n = q.size();
        Seg run = q.removeFirst(); // what is removed stays valid until work() returns
        for (int k = 1; k < n; k++) {
            Seg next = q.removeFirst();
            if (next.start() == run.end()) {
                run = Segs.appendAny(run, next);
            } else {
                q.add(run);
                run = next;
            }
        }
        q.add(run);
    }

    /** The first sample after the oldest {@code count} held (at most all of them). */
    private static long sampleAfterOldest(SharedQueue<Seg> q, long count) {
        long left = count;
        for (int k = 0; k < q.size(); k++) {
            Seg run = q.get(k);
            if (left < run.length()) {
                return run.start() + left;
            }
            left -= run.length();
        }
        return q.get(q.size() - 1).end();
    }

    // ---- control

    /** Serves a control tuple, or returns false to wait for more data. */
    private boolean serve(long startNanos, long endNanos, boolean emit) {
        if (!emit) {
            return true;
        }
        if (endNanos < startNanos) {
            raise(RANGE_INVALID);
            return true;
        }
        boolean late = false;
        for (int i = 0; i < in.length; i++) {
            SharedQueue<Seg> q = runs[i];
            if (q.isEmpty()) {
                return false; // its timebase is not known yet
            }
            Timebase tb = q.get(0).timebase();
            from[i] = tb.firstSampleAtOrAfter(startNanos);
            to[i] = tb.firstSampleAtOrAfter(endNanos);
            late |= from[i] < to[i] && from[i] < floor[i];
        }
        if (late && policy == SyncPolicy.DROP_INCOMPLETE) {
            raise(RANGE_LATE);
            return true;
        }
        boolean missing = false;
        for (int i = 0; i < in.length; i++) {
            SharedQueue<Seg> q = runs[i];
            if (Math.max(q.get(q.size() - 1).end(), floor[i]) < to[i]) {
                return false; // neither received nor released up to the range's end
            }
            missing |= from[i] < to[i] && from[i] >= floor[i] && !covers(q, from[i], to[i]);
        }
        if (late) {
            raise(RANGE_LATE);
        }
        if (missing) {
            raise(RANGE_MISSING);
            if (policy == SyncPolicy.DROP_INCOMPLETE) {
                return true;
            }
        }
        SegTuple t = SegTuple.make(in.length);
        for (int i = 0; i < in.length; i++) {
            t.set(i, heldIn(runs[i], from[i], to[i]));
        }
        t.tag(ranges);
        out.put(t);
        return true;
    }

    private static boolean covers(SharedQueue<Seg> q, long fromSample, long toSample) {
        long runStart = 0;
        for (int k = 0; k < q.size(); k++) {
            Seg piece = q.get(k);
            if (k == 0 || endsRun(q, k - 1)) {
                runStart = piece.start();
            }
            if (runStart <= fromSample && toSample <= piece.end()) {
                return true;
            }
        }
        return false;
    }

    /** The longest part of {@code from .. to-1} held (the earliest of equals), or an empty segment at {@code from}. */
    private static Seg heldIn(SharedQueue<Seg> q, long fromSample, long toSample) {
        int best = -1;
        long bestFrom = 0;
        long bestTo = 0;
        int runFirst = 0;
        for (int k = 0; k < q.size(); k++) {
            if (!endsRun(q, k)) {
                continue;
            }
            long a = Math.max(q.get(runFirst).start(), fromSample);
            long b = Math.min(q.get(k).end(), toSample);
            if (b - a > bestTo - bestFrom) {
                best = runFirst;
                bestFrom = a;
                bestTo = b;
            }
            runFirst = k + 1;
        }
        if (best < 0) {
            return Segs.emptyAt(q.get(0), fromSample);
        }
        // The run's segments that hold part of the range, each cut to it, joined (no sample copied).
        Seg held = null;
        for (int k = best; k < q.size() && q.get(k).start() < bestTo; k++) {
            Seg piece = q.get(k);
            if (piece.end() > bestFrom) {
                Seg part = Segs.betweenAny(piece, Math.max(piece.start(), bestFrom), Math.min(piece.end(), bestTo));
                held = held == null ? part : Segs.appendAny(held, part);
            }
        }
        return held;
    }

    // ---- release

    /** Releases data before {@code endNanos} on every input. */
    private void release(long endNanos) {
        if (endNanos <= releasedNanos) {
            return;
        }
        releasedNanos = endNanos;
        // Inputs on one timebase (a microphone array's channels) share the cut: one division, not one each.
        Timebase last = null;
        long cut = 0;
        for (int i = 0; i < in.length; i++) {
            SharedQueue<Seg> q = runs[i];
            if (!q.isEmpty()) {
                Timebase tb = q.get(0).timebase();
                if (!tb.equals(last)) {
                    cut = tb.firstSampleAtOrAfter(endNanos);
                    last = tb;
                }
                releaseBefore(i, cut);
            }
        }
    }

    /** Releases input i's data before sample {@code cut}; data arriving for it later is discarded. */
    private void releaseBefore(int i, long cut) {
        floor[i] = Math.max(floor[i], cut);
        SharedQueue<Seg> q = runs[i];
        while (true) {
            Seg oldest = q.get(0);
            if (oldest.end() <= cut) {
                if (q.size() > 1) {
                    if (endsRun(q, 0)) {
                        runCount[i]--;
                    }
                    heldSamples[i] -= oldest.length();
                    q.dropFirst();
                    continue;
                }
                if (oldest.length() > 0) {
                    heldSamples[i] = 0;
                    q.replaceLast(Segs.betweenAny(oldest, oldest.end(), oldest.end()));
                }
                return;
            }
            if (oldest.start() < cut) {
                heldSamples[i] -= cut - oldest.start();
                replaceOldest(q, Segs.betweenAny(oldest, cut, oldest.end()));
            }
            return;
        }
    }

    /** Puts {@code run} in place of the oldest run: a queue replaces only its newest, so rotate. */
    private static void replaceOldest(SharedQueue<Seg> q, Seg run) {
        int others = q.size() - 1;
        if (others == 0) {
            q.replaceLast(run);
            return;
        }
        q.dropFirst();
        q.add(run);
        for (int k = 0; k < others; k++) {
            q.add(q.removeFirst());
        }
    }
}
