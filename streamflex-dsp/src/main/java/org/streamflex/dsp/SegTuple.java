package org.streamflex.dsp;

import org.streamflex.Shared;
import org.streamflex.dsp.memory.HeaderPool;

/**
 * Several segments that travel together: one per channel of a {@code sync} over a time range, or
 * the pair a {@code zip} makes. A tuple holds a reference to each of its segments and is itself
 * {@link Shared}: put it on a {@code SharedChannel<SegTuple>}, read its segments until the
 * {@code work()} that took it returns. Pooled like segment headers.
 *
 * <pre>{@code
 * SegTuple t = in.take();                     // from a Sync over four microphones
 * FloatSeg mic1 = (FloatSeg) t.get(0);        // the same range on each channel
 * FloatSeg mic4 = (FloatSeg) t.get(3);
 * }</pre>
 */
public final class SegTuple extends Shared {
    private static final HeaderPool<SegTuple> HEADERS = new HeaderPool<>("SegTuple", SegTuple::new);

    private Seg[] segs = new Seg[4];
    private int size;
    /** What made it, for messages: a sync's range or a zip's pairing number. */
    private long tag;

    private SegTuple() {
    }

    /**
     * A tuple of {@code size} empty places, filled with {@link #set}; held like a new segment (by the
     * running {@code work()}, or by the caller outside one).
     */
    public static SegTuple make(int size) {
        if (size < 0) {
            throw new IllegalArgumentException("a tuple cannot have " + size + " segments");
        }
        SegTuple t = HEADERS.take();
        if (t.segs.length < size) {
            t.segs = new Seg[Math.max(size, 2 * t.segs.length)];
        }
        t.size = size;
        t.tag = 0;
        t.revive();
        return t;
    }

    /** A pair: {@code make(2)} with both places set. */
    public static SegTuple of(Seg first, Seg second) {
        SegTuple t = make(2);
        t.set(0, first);
        t.set(1, second);
        return t;
    }

    /** The number of places. */
    public int size() {
        return size;
    }

    /**
     * The segment in place {@code i}, valid as long as the tuple is.
     *
     * @throws IndexOutOfBoundsException if {@code i} is not below {@link #size()}
     * @throws IllegalStateException if the place was never set
     */
    public Seg get(int i) {
        checkPlace(i);
        Seg s = segs[i];
        if (s == null) {
            throw new IllegalStateException("place " + i + " of " + this + " was never set");
        }
        return s;
    }

    /**
     * Puts {@code seg} in place {@code i}, holding a reference to it, while the tuple is its maker's alone.
     *
     * @throws IllegalStateException if the tuple is shared already, or the place is set
     */
    public void set(int i, Seg seg) {
        checkPlace(i);
        if (references() != 1) {
            throw new IllegalStateException(this + " is shared: fill a tuple before its first use");
        }
        if (segs[i] != null) {
            throw new IllegalStateException("place " + i + " of " + this + " is set already");
        }
        seg.retain();
        segs[i] = seg;
    }

    /** The segment in place {@code i}, or null if it was never set: for the link codec. */
    Seg place(int i) {
        checkPlace(i);
        return segs[i];
    }

    /** A number the maker gives the tuple (a zip's pairing count, a sync's range number). */
    public long tag() {
        return tag;
    }

    /** Sets {@link #tag()}. */
    public void tag(long value) {
        tag = value;
    }

    @Override
    protected void freed() {
        for (int i = 0; i < size; i++) {
            if (segs[i] != null) {
                segs[i].release();
                segs[i] = null;
            }
        }
        size = 0;
        HEADERS.give(this);
    }

    private void checkPlace(int i) {
        if (Integer.compareUnsigned(i, size) >= 0) {
            throw new IndexOutOfBoundsException("place " + i + " of a tuple of " + size);
        }
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder("SegTuple[");
        for (int i = 0; i < size; i++) {
            text.append(i == 0 ? "" : ", ").append(segs[i]);
        }
        return text.append(']').toString();
    }
}
