package org.streamflex.dsp;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.NoSuchElementException;
import org.streamflex.Reachable;
import org.streamflex.dsp.memory.Layouts;

/**
 * Reads a {@link DoubleSeg} from first sample to last, piece by piece, without materializing it:
 * each {@link #next()} is one memory read and a compare. Made with {@code new} in filter code, it
 * lives in the filter's transient region like any object a {@code work()} allocates (no heap),
 * and is valid as long as the segment is, until the {@code work()} returns.
 *
 * <pre>{@code
 * DoubleSeg s = in.take();
 * double sum = 0;
 * for (DoubleCursor c = new DoubleCursor(s); c.hasNext(); ) {
 *     sum += c.next();
 * }
 * }</pre>
 */
@Reachable // woven recyclable here, so that new DoubleCursor(...) in any filter's work() takes no heap
public final class DoubleCursor {
    private static final ValueLayout.OfDouble LAYOUT = Layouts.ofDouble();
    private static final int BYTES = (int) LAYOUT.byteSize();

    private final DoubleSeg seg;
    private final int length;
    private int index;
    private int piece;
    private int pieceEnd;
    private MemorySegment memory;
    private long position;

    /** A cursor before the first sample of {@code seg}. */
    public DoubleCursor(DoubleSeg seg) {
        this.seg = seg;
        this.length = seg.length();
        this.piece = -1;
    }

    /** Whether samples remain. */
    public boolean hasNext() {
        return index < length;
    }

    /** The index of the sample {@link #next()} returns. */
    public int index() {
        return index;
    }

    /**
     * The next sample.
     *
     * @throws NoSuchElementException after the last
     */
    public double next() {
        if (index >= pieceEnd) {
            enterNextPiece();
        }
        double value = memory.get(LAYOUT, position);
        position += BYTES;
        index++;
        return value;
    }

    private void enterNextPiece() {
        if (index >= length) {
            throw new NoSuchElementException("no sample after the last of " + seg);
        }
        seg.alive();
        piece++;
        memory = seg.buffers[piece].memory();
        position = seg.offsets[piece];
        pieceEnd = seg.ends[piece];
    }
}
