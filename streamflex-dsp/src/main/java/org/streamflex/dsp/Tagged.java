package org.streamflex.dsp;

import org.streamflex.Shared;
import org.streamflex.dsp.memory.HeaderPool;

/**
 * A segment with the number of the input it came from: what WaveScript's {@code mergeTag} makes
 * ({@code Left(x)}, {@code Right(y)}), for any number of inputs. It holds a reference to its
 * segment and is itself {@link Shared}: put it on a {@code SharedChannel<Tagged>}, read it until
 * the {@code work()} that took it returns. Pooled like segment headers.
 *
 * <pre>{@code
 * Tagged t = in.take();                 // from a TaggedMerge of two microphones
 * if (t.tag() == 0) {
 *     left((FloatSeg) t.value());
 * }
 * }</pre>
 */
public final class Tagged extends Shared {
    private static final HeaderPool<Tagged> HEADERS = new HeaderPool<>("Tagged", Tagged::new);

    private int tag;
    private Seg value;

    private Tagged() {
    }

    /**
     * {@code value} tagged with {@code tag}, holding a reference to it; held like a new segment (by
     * the running {@code work()}, or by the caller outside one).
     */
    public static Tagged make(int tag, Seg value) {
        if (value == null) {
            throw new NullPointerException("a Tagged needs a segment (tag " + tag + ")");
        }
        value.retain();
        Tagged t = HEADERS.take();
        t.tag = tag;
        t.value = value;
        t.revive();
        return t;
    }

    /** The tag: a merge's input index. */
    public int tag() {
        return tag;
    }

    /** The segment, valid as long as this value is. */
    public Seg value() {
        return value;
    }

    @Override
    protected void freed() {
        Seg s = value;
        value = null;
        s.release();
        HEADERS.give(this);
    }

    @Override
    public String toString() {
        return "Tagged[" + tag + ", " + value + "]";
    }
}
