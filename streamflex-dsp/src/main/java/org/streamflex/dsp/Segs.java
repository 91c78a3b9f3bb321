package org.streamflex.dsp;

import org.streamflex.SharedQueue;

/**
 * Helpers over segments of any sample type.
 *
 * <pre>{@code
 * private final SharedQueue<FloatSeg> runs = new SharedQueue<>(8);
 * public void work() {
 *     long gap = Segs.appendOrSplit(runs, in.take());   // joins contiguous input, starts a run at a drop-out
 *     if (gap > 0) {
 *         raise(DROP_OUT);
 *     }
 * }
 * }</pre>
 */
public final class Segs {
    private Segs() {
    }

    /**
     * For sources with drop-outs: appends {@code next} to the newest run in {@code runs} if it
     * continues it, else adds it as a new run after the gap.
     *
     * @return 0 if {@code next} was appended (or started the first run), else the number of samples
     *     missing between the newest run and {@code next}
     * @throws SegAppendException if {@code next} overlaps the newest run or has another timebase or
     *     type: those are not drop-outs
     * @throws IllegalStateException if a new run is needed and the queue is full
     */
    public static <S extends Seg> long appendOrSplit(SharedQueue<S> runs, S next) {
        if (runs.isEmpty()) {
            addRun(runs, next);
            return 0;
        }
        S last = runs.get(runs.size() - 1);
        if (last.timebase().equals(next.timebase()) && last.getClass() == next.getClass()
                && last.end() < next.start()) {
            addRun(runs, next);
            return next.start() - last.end();
        }
        @SuppressWarnings("unchecked")
        S joined = (S) appendAny(last, next);
        runs.replaceLast(joined);
        joined.releaseMade();
        return 0;
    }

    /**
     * {@code a.append(b)} for segments whose class is not known statically.
     *
     * @throws SegAppendException if {@code b} does not continue {@code a}
     */
    public static Seg appendAny(Seg a, Seg b) {
        Seg.checkAppend(a, b);
        return switch (a) {
            case FloatSeg f -> f.append((FloatSeg) b);
            case ShortSeg s -> s.append((ShortSeg) b);
            case IntSeg s -> s.append((IntSeg) b);
            case LongSeg s -> s.append((LongSeg) b);
            case DoubleSeg s -> s.append((DoubleSeg) b);
            case ComplexSeg s -> s.append((ComplexSeg) b);
            default -> throw new IllegalArgumentException("cannot append segments of " + a.getClass().getName());
        };
    }

    /**
     * {@code s.subseg(offset, length)} for a segment whose class is not known statically.
     *
     * @throws IndexOutOfBoundsException if the range is not inside {@code s}
     */
    public static Seg subsegAny(Seg s, int offset, int length) {
        return switch (s) {
            case FloatSeg f -> f.subseg(offset, length);
            case ShortSeg x -> x.subseg(offset, length);
            case IntSeg x -> x.subseg(offset, length);
            case LongSeg x -> x.subseg(offset, length);
            case DoubleSeg x -> x.subseg(offset, length);
            case ComplexSeg x -> x.subseg(offset, length);
            default -> throw new IllegalArgumentException("cannot cut segments of " + s.getClass().getName());
        };
    }

    /**
     * The samples numbered {@code fromSample .. toSample-1} of {@code s}, as {@code between} of its
     * class: a segment over the same memory, or {@code s} itself if that is all of it.
     *
     * @throws IndexOutOfBoundsException if they are not all in {@code s}
     */
    public static Seg betweenAny(Seg s, long fromSample, long toSample) {
        return subsegAny(s, s.indexOf(fromSample, toSample), (int) (toSample - fromSample));
    }

    /**
     * An empty segment of the class and timebase of {@code like}, starting at sample {@code start}:
     * where a range holds no sample, the place in time it would have started.
     */
    public static Seg emptyAt(Seg like, long start) {
        Timebase tb = like.timebase();
        return switch (like) {
            case FloatSeg _ -> FloatSeg.make(tb, start, 0);
            case ShortSeg _ -> ShortSeg.make(tb, start, 0);
            case IntSeg _ -> IntSeg.make(tb, start, 0);
            case LongSeg _ -> LongSeg.make(tb, start, 0);
            case DoubleSeg _ -> DoubleSeg.make(tb, start, 0);
            case ComplexSeg x -> ComplexSeg.make(tb, start, 0, x.fftSize());
            default -> throw new IllegalArgumentException("cannot make segments of " + like.getClass().getName());
        };
    }

    private static <S extends Seg> void addRun(SharedQueue<S> runs, S next) {
        if (!runs.add(next)) {
            throw new IllegalStateException("no room for a new run after a gap: the queue holds " + runs.capacity()
                    + " runs already; drop old runs first or give it more capacity");
        }
    }
}
