package org.streamflex.dsp;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import org.streamflex.Shared;
import org.streamflex.UseAfterReleaseError;
import org.streamflex.abi.Regions;
import org.streamflex.dsp.memory.BufferPool;
import org.streamflex.dsp.memory.DspDebug;
import org.streamflex.dsp.memory.SampleBuffer;

/**
 * A signal segment (XStream's SigSeg): an isochronous, read-only window of samples with a
 * {@link Timebase}, the absolute number of its first sample and a length. What every segment
 * class ({@link FloatSeg}, {@link ShortSeg}, {@link IntSeg}, {@link LongSeg}, {@link DoubleSeg},
 * {@link ComplexSeg}) has in common: time, extent, and the pieces its samples live in.
 *
 * <pre>{@code
 * FloatSeg s = in.take();
 * long first = s.start();              // absolute sample number, 64-bit
 * long t = s.startNanos();             // its time on the source's clock
 * FloatSeg tail = s.subseg(16, 16);    // samples 16..31: no copy
 * }</pre>
 *
 * <p><b>How it is stored</b> (XStream's RefCount-Lazy design): a segment is a header, pooled,
 * holding a list of pieces, each a range of a reference-counted off-heap {@link SampleBuffer}.
 * {@code subseg} and {@code append} make a new header over the same buffers; no sample is copied.
 * Their cost is one header and the piece descriptors (three words each): constant in the number of
 * samples. A segment cut from a stream of source segments spans one piece per source segment it
 * overlaps, and pieces of one buffer that meet again are joined into one.
 *
 * <p><b>Lifetime.</b> A segment is a {@link Shared} value: each channel slot, {@code SharedQueue}
 * and {@code work()} that holds it counts as a holder, and the last to let go returns its header
 * and buffers to their pools. A segment a {@code work()} took or made is valid until that
 * {@code work()} returns; keep it longer in a {@code SharedQueue}. Outside a graph, the code that
 * makes a segment owns one reference and calls {@link #release()} when done.
 *
 * <p><b>Reading.</b> Indexed reads are constant time (a binary search over pieces when there are
 * several, remembered for sequential access); a cursor ({@link FloatCursor} and its siblings) walks
 * the pieces without materializing them; {@code contiguous()} gives a one-piece segment, copying
 * only when there are several pieces. For kernels, {@link #pieceCount()}, {@link #pieceMemory},
 * {@link #pieceOffset} and {@link #pieceLength} expose the pieces themselves, read-only.
 */
@SuppressWarnings("StreamFlex:Internals") // asks the ABI whether a work() runs; a Shared class is library code
public abstract class Seg extends Shared {
    private static final int INITIAL_PIECES = 8;

    /** Bytes per element: 2 for short, 4 for float, 8 for a complex pair of floats. */
    final int elementBytes;
    Timebase timebase;
    long start;
    int length;
    int pieces;
    /*
     * The piece table, kept when the header is recycled. It starts with room for a few pieces, what
     * windows cut across a handful of input segments need, so that a pool warms up after few
     * segments; it grows (rarely, and only at warm-up) when a header is given more than ever before.
     */
    SampleBuffer[] buffers = new SampleBuffer[INITIAL_PIECES];
    /** Byte offset of each piece's first element in its buffer. */
    long[] offsets = new long[INITIAL_PIECES];
    /** One past each piece's last element, as an index into this segment. */
    int[] ends = new int[INITIAL_PIECES];
    /** Piece 0's memory and offset, for the one-piece fast path (most segments). */
    MemorySegment memory0;
    long offset0;
    /**
     * The piece the last multi-piece read found. Racy on purpose: readers on several threads may
     * write it; an int is written whole, and every read checks the piece it names before using it.
     */
    private int hint;
    /** Where the last holder let go: recorded in debug mode only. */
    private Throwable freedAt;

    Seg(int elementBytes) {
        this.elementBytes = elementBytes;
    }

    /** The signal's clock: rate and origin. Segments are comparable only with equal timebases. */
    public final Timebase timebase() {
        alive();
        return timebase;
    }

    /** The absolute number of the first sample against the timebase. */
    public final long start() {
        alive();
        return start;
    }

    /** One past the absolute number of the last sample: {@code start() + length()}. */
    public final long end() {
        alive();
        return start + length;
    }

    /** The number of elements (samples, or bins of a spectrum). */
    public final int length() {
        alive();
        return length;
    }

    /** The time of the first sample, in nanoseconds on the source's clock. */
    public final long startNanos() {
        return timebase().timeNanos(start);
    }

    /** The time of {@link #end()}, in nanoseconds on the source's clock. */
    public final long endNanos() {
        return timebase().timeNanos(end());
    }

    /**
     * Whether {@code next} continues this segment: the same timebase and {@code next.start() ==
     * end()}, so that {@code append} accepts it.
     */
    public final boolean adjacentTo(Seg next) {
        return timebase().equals(next.timebase()) && end() == next.start();
    }

    /** The number of pieces the samples are in (0 for an empty segment). */
    public final int pieceCount() {
        alive();
        return pieces;
    }

    /**
     * The read-only memory piece {@code k} lies in: the whole buffer; the piece starts at
     * {@link #pieceOffset(int)} and holds {@link #pieceLength(int)} elements.
     */
    public final MemorySegment pieceMemory(int k) {
        checkPiece(k);
        return buffers[k].readOnly();
    }

    /** The byte offset of piece {@code k}'s first element in {@link #pieceMemory(int)}. */
    public final long pieceOffset(int k) {
        checkPiece(k);
        return offsets[k];
    }

    /** The elements of piece {@code k}. */
    public final int pieceLength(int k) {
        checkPiece(k);
        return ends[k] - (k == 0 ? 0 : ends[k - 1]);
    }

    /** The index in this segment of piece {@code k}'s first element. */
    public final int pieceStart(int k) {
        checkPiece(k);
        return k == 0 ? 0 : ends[k - 1];
    }

    // ---- for the element classes of this package ----

    /** A fresh segment of {@code length} elements in one new buffer, held by its maker. */
    final void initFresh(Timebase tb, long first, int count) {
        if (tb == null) {
            throw new NullPointerException("timebase of a new " + getClass().getSimpleName());
        }
        if (count < 0) {
            throw new IllegalArgumentException("a " + getClass().getSimpleName() + " cannot have " + count
                    + " samples");
        }
        timebase = tb;
        start = first;
        length = count;
        freedAt = null;
        if (count == 0) {
            pieces = 0;
            memory0 = null;
        } else {
            ensurePieces(1);
            SampleBuffer b = BufferPool.shared().acquire((long) count * elementBytes);
            buffers[0] = b;
            offsets[0] = 0;
            ends[0] = count;
            pieces = 1;
            memory0 = b.memory();
            offset0 = 0;
        }
        hint = 0;
        revive();
    }

    /** This header as elements {@code offset .. offset+count-1} of {@code from}, sharing its buffers. */
    final void initSlice(Seg from, int offset, int count) {
        timebase = from.timebase;
        start = from.start + offset;
        length = count;
        freedAt = null;
        pieces = 0;
        if (count > 0) {
            int k = from.pieceOf(offset);
            int endIndex = offset + count;
            int at = offset;
            while (at < endIndex) {
                int pieceStart = k == 0 ? 0 : from.ends[k - 1];
                int pieceEnd = Math.min(from.ends[k], endIndex);
                addPiece(from.buffers[k], from.offsets[k] + (long) (at - pieceStart) * elementBytes, pieceEnd - at);
                at = pieceEnd;
                k++;
            }
        }
        finishPieces();
        revive();
    }

    /** This header as elements {@code offset ..} of {@code from} on another timebase, from sample {@code first}. */
    final void initRenumbered(Seg from, int offset, int count, Timebase tb, long first) {
        if (tb == null) {
            throw new NullPointerException("timebase of a renumbered " + getClass().getSimpleName());
        }
        initSlice(from, offset, count);
        timebase = tb;
        start = first;
    }

    /** This header as {@code a} followed by {@code b}, which must be adjacent ({@link #checkAppend}). */
    final void initAppend(Seg a, Seg b) {
        timebase = a.timebase;
        start = a.start;
        length = a.length + b.length;
        freedAt = null;
        pieces = 0;
        addPiecesOf(a);
        addPiecesOf(b);
        finishPieces();
        revive();
    }

    private void addPiecesOf(Seg s) {
        int previousEnd = 0;
        for (int k = 0; k < s.pieces; k++) {
            addPiece(s.buffers[k], s.offsets[k], s.ends[k] - previousEnd);
            previousEnd = s.ends[k];
        }
    }

    /**
     * Throws unless {@code b} continues {@code a}: same class, same timebase, {@code a.end() == b.start()}.
     *
     * @throws SegAppendException naming both segments and what is wrong
     */
    static void checkAppend(Seg a, Seg b) {
        a.alive();
        b.alive();
        if (!a.timebase.equals(b.timebase)) {
            throw new SegAppendException(SegAppendException.Reason.TIMEBASE, a.toString(), b.toString(),
                    "their timebases differ (" + a.timebase + " and " + b.timebase
                            + "); resample one of them, or keep them apart");
        }
        long aEnd = a.start + a.length;
        if (aEnd < b.start) {
            throw new SegAppendException(SegAppendException.Reason.GAP, a.toString(), b.toString(),
                    "there is a gap of " + (b.start - aEnd) + " samples between them; for a source with drop-outs,"
                            + " cut runs at gaps with Segs.appendOrSplit");
        }
        if (aEnd > b.start) {
            throw new SegAppendException(SegAppendException.Reason.OVERLAP, a.toString(), b.toString(),
                    "they overlap by " + (aEnd - b.start) + " samples; append the part of the second after "
                            + aEnd + " (subseg), or use rewindow");
        }
        if (a.getClass() != b.getClass()) {
            throw new SegAppendException(SegAppendException.Reason.TYPE, a.toString(), b.toString(),
                    "they hold different sample types");
        }
    }

    /** The piece holding element {@code i} (0 <= i < length). */
    final int pieceOf(int i) {
        int k = hint;
        if (k < pieces && i < ends[k] && (k == 0 || i >= ends[k - 1])) {
            return k;
        }
        k = k + 1 < pieces && i >= ends[k] && i < ends[k + 1] ? k + 1 : Arrays.binarySearch(ends, 0, pieces, i);
        k = k < 0 ? -k - 1 : k;
        if (k < pieces && ends[k] == i) {
            k++; // binarySearch found a piece whose end is i: i is the first element of the next
        }
        hint = k;
        return k;
    }

    /**
     * Copies elements {@code from .. from+count-1} into a primitive array, piece by piece: each
     * element is {@code parts} values of {@code layout} (1, or 2 for a complex pair).
     */
    final void copyOut(int from, int count, ValueLayout layout, int parts, Object array, int offset) {
        checkRange(from, count);
        int done = 0;
        while (done < count) {
            int i = from + done;
            int k = pieceOf(i);
            int n = Math.min(count - done, ends[k] - i);
            long src = offsets[k] + (long) (i - (k == 0 ? 0 : ends[k - 1])) * elementBytes;
            MemorySegment.copy(buffers[k].memory(), layout, src, array, offset + parts * done, parts * n);
            done += n;
        }
    }

    /** Copies elements {@code from .. from+count-1} as bytes into {@code target} at {@code targetOffset}. */
    final void copyOut(int from, int count, MemorySegment target, long targetOffset) {
        checkRange(from, count);
        int done = 0;
        while (done < count) {
            int i = from + done;
            int k = pieceOf(i);
            int n = Math.min(count - done, ends[k] - i);
            long src = offsets[k] + (long) (i - (k == 0 ? 0 : ends[k - 1])) * elementBytes;
            MemorySegment.copy(buffers[k].memory(), src, target, targetOffset + (long) done * elementBytes,
                    (long) n * elementBytes);
            done += n;
        }
    }

    /** Bounds check of an element index, with a message naming the segment. */
    final void checkIndex(int i) {
        alive();
        if (Integer.compareUnsigned(i, length) >= 0) {
            throw new IndexOutOfBoundsException("index " + i + " is outside " + this + " (0.." + (length - 1) + ")");
        }
    }

    /** Bounds check of a range of elements. */
    final void checkRange(int offset, int count) {
        alive();
        if (offset < 0 || count < 0 || offset > length - count) {
            throw new IndexOutOfBoundsException("elements " + offset + ".." + ((long) offset + count - 1)
                    + " are not all in " + this + " (0.." + (length - 1) + ")");
        }
    }

    /** The index range of absolute samples {@code from..to-1}, checked. */
    final int indexOf(long from, long to) {
        alive();
        if (from < start || to > start + length || from > to) {
            throw new IndexOutOfBoundsException("samples " + from + ".." + (to - 1) + " are not all in " + this);
        }
        return (int) (from - start);
    }

    /** Throws unless this segment is its holder's alone, with one piece in a buffer no other segment shares. */
    final void checkWritable() {
        alive();
        if (references() != 1 || pieces != 1 || buffers[0].references() != 1) {
            throw new IllegalStateException(this + " is read-only: it is shared (on a channel, in a queue, or cut by "
                    + "subseg or append); write a segment only between make() and its first use");
        }
    }

    /** In debug mode, throws if the segment was freed; a constant false branch otherwise. */
    final void alive() {
        if (DspDebug.ENABLED && references() <= 0) {
            throw new UseAfterReleaseError(describe() + " used after its last holder released it" + releasedWhere()
                    + ". Keep segments across releases in a SharedQueue, never in a field or a local kept by"
                    + " another object");
        }
    }

    /** Hands this same segment to the caller as another reference (a whole-range sub-segment). */
    final void handOut() {
        alive();
        retainForCaller();
    }

    /**
     * For library code done with a segment it made only to hand it on (to a queue, a channel): inside
     * a {@code work()} the {@code work()} lets go of it when it returns; outside one, nobody would,
     * so it lets go now.
     */
    final void releaseMade() {
        if (Regions.current().workScope() == null) {
            release();
        }
    }

    /** Puts the header back in its class's pool. */
    abstract void recycle();

    @Override
    protected final void freed() {
        for (int k = 0; k < pieces; k++) {
            buffers[k].release();
            buffers[k] = null;
        }
        memory0 = null;
        if (DspDebug.ENABLED) {
            freedAt = new Throwable("freed here, on thread " + Thread.currentThread().getName());
        }
        recycle();
    }

    @Override
    protected final String releasedWhere() {
        Throwable where = freedAt;
        if (where == null) {
            return DspDebug.ENABLED ? "" : " (run with -Dstreamflex.dsp.debug=true to see where it was freed)";
        }
        StringWriter text = new StringWriter();
        where.printStackTrace(new PrintWriter(text));
        return "; it was " + text.toString().strip();
    }

    @Override
    public final String toString() {
        return describe();
    }

    private String describe() {
        return getClass().getSimpleName() + "[" + timebase + " samples " + start + ".." + (start + length) + " ("
                + length + "), " + pieces + (pieces == 1 ? " piece" : " pieces") + "]";
    }

    private void checkPiece(int k) {
        alive();
        if (Integer.compareUnsigned(k, pieces) >= 0) {
            throw new IndexOutOfBoundsException("piece " + k + " of " + this);
        }
    }

    private void ensurePieces(int n) {
        if (buffers.length < n) {
            int size = Math.max(n, buffers.length * 2);
            buffers = Arrays.copyOf(buffers, size);
            offsets = Arrays.copyOf(offsets, size);
            ends = Arrays.copyOf(ends, size);
        }
    }

    /** Appends a piece, retaining its buffer, or extends the last piece when it continues it in the same buffer. */
    private void addPiece(SampleBuffer buffer, long byteOffset, int count) {
        if (count == 0) {
            return;
        }
        int previousEnd = pieces == 0 ? 0 : ends[pieces - 1];
        if (pieces > 0 && buffers[pieces - 1] == buffer
                && offsets[pieces - 1] + (long) (previousEnd - (pieces == 1 ? 0 : ends[pieces - 2])) * elementBytes
                        == byteOffset) {
            ends[pieces - 1] = previousEnd + count;
            return;
        }
        ensurePieces(pieces + 1);
        buffer.retain();
        buffers[pieces] = buffer;
        offsets[pieces] = byteOffset;
        ends[pieces] = previousEnd + count;
        pieces++;
    }

    private void finishPieces() {
        hint = 0;
        if (pieces > 0) {
            memory0 = buffers[0].memory();
            offset0 = offsets[0];
        } else {
            memory0 = null;
        }
    }
}
