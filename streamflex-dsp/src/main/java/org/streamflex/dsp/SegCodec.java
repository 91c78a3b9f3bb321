package org.streamflex.dsp;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import org.streamflex.runtime.net.ProtocolException;
import org.streamflex.runtime.net.SharedCodec;

/**
 * How a signal segment crosses a link ({@link SharedCodec}): its timebase ({@link TimebaseCodec}),
 * its first sample number i64, its length u32 in elements, for a {@link ComplexSeg} its FFT size
 * u32, all big-endian as the rest of the protocol, then its samples, each little-endian at its own
 * size (a complex value as its two floats), floats and doubles as their raw bits, so that every
 * value, NaNs included, arrives bit for bit. Little-endian because it is the memory order of the
 * machines this runs on (x86-64, AArch64): samples move as bytes, the cheapest copy, where a
 * big-endian wire would swap every sample twice (and the JDK's swapping copy into native memory
 * allocated 48 bytes a call, measured on JDK 25). The pieces
 * of a segment cut from several buffers are written one after the other: the receiver gets one
 * contiguous segment of the same samples. The link's HELLO names the segment class, so no type is
 * written.
 *
 * <p>Decoding checks every length against the item before it allocates, then makes the segment
 * from the process's pools ({@code FloatSeg.make}) and copies the samples into its buffer: no heap
 * allocation once the pools and the timebase cache are warm. A bad item is a
 * {@link ProtocolException} naming the segment class and the field.
 *
 * <pre>{@code
 * SegCodec<FloatSeg> codec = SegCodec.floats();
 * MemorySegment bytes = MemorySegment.ofArray(new byte[codec.encodedSize(seg)]);
 * codec.encode(seg, bytes, 0);
 * FloatSeg copy = codec.decode(bytes, 0, (int) bytes.byteSize()); // same timebase, start, samples
 * }</pre>
 *
 * @param <T> the segment class
 */
public final class SegCodec<T extends Seg> implements SharedCodec<T> {
    /** Makes the segment a decoded item fills: a class's {@code make}. */
    @FunctionalInterface
    interface Maker<T> {
        T make(Timebase timebase, long start, int length, int fftSize);
    }

    private static final ValueLayout.OfLong I64 = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final ValueLayout.OfInt U32 = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final ValueLayout.OfShort U16 = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    /** Whether memory holds samples in wire order: then they move as bytes, the cheapest copy there is. */
    private static final boolean WIRE_ORDER = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;

    private final Class<T> type;
    private final String name;
    /** A sample's part in memory (native order) and on the wire (little-endian). */
    private final ValueLayout part;
    private final ValueLayout wirePart;
    /** Parts per element: 2 for a complex value, else 1. */
    private final int parts;
    private final int elementBytes;
    private final boolean complex;
    private final Maker<T> maker;
    private final TimebaseCodec timebases = new TimebaseCodec();

    private SegCodec(Class<T> type, ValueLayout part, int parts, Maker<T> maker) {
        this.type = type;
        this.name = type.getSimpleName();
        this.part = part;
        this.wirePart = part.withOrder(ByteOrder.LITTLE_ENDIAN);
        this.parts = parts;
        this.elementBytes = parts * (int) part.byteSize();
        this.complex = type == ComplexSeg.class;
        this.maker = maker;
    }

    /** A codec of {@link FloatSeg}. */
    public static SegCodec<FloatSeg> floats() {
        return new SegCodec<>(FloatSeg.class, ValueLayout.JAVA_FLOAT_UNALIGNED, 1,
                (tb, start, n, fft) -> FloatSeg.make(tb, start, n));
    }

    /** A codec of {@link DoubleSeg}. */
    public static SegCodec<DoubleSeg> doubles() {
        return new SegCodec<>(DoubleSeg.class, ValueLayout.JAVA_DOUBLE_UNALIGNED, 1,
                (tb, start, n, fft) -> DoubleSeg.make(tb, start, n));
    }

    /** A codec of {@link ShortSeg}. */
    public static SegCodec<ShortSeg> shorts() {
        return new SegCodec<>(ShortSeg.class, ValueLayout.JAVA_SHORT_UNALIGNED, 1,
                (tb, start, n, fft) -> ShortSeg.make(tb, start, n));
    }

    /** A codec of {@link IntSeg}. */
    public static SegCodec<IntSeg> ints() {
        return new SegCodec<>(IntSeg.class, ValueLayout.JAVA_INT_UNALIGNED, 1,
                (tb, start, n, fft) -> IntSeg.make(tb, start, n));
    }

    /** A codec of {@link LongSeg}. */
    public static SegCodec<LongSeg> longs() {
        return new SegCodec<>(LongSeg.class, ValueLayout.JAVA_LONG_UNALIGNED, 1,
                (tb, start, n, fft) -> LongSeg.make(tb, start, n));
    }

    /** A codec of {@link ComplexSeg}: each value its real and imaginary float. */
    public static SegCodec<ComplexSeg> complexes() {
        return new SegCodec<>(ComplexSeg.class, ValueLayout.JAVA_FLOAT_UNALIGNED, 2,
                ComplexSeg::make);
    }

    @Override
    public Class<T> type() {
        return type;
    }

    /** A codec of the same class with a timebase cache of its own, for another thread. */
    @Override
    public SegCodec<T> copy() {
        return new SegCodec<>(type, part, parts, maker);
    }

    @Override
    public int encodedSize(T seg) {
        long bytes = headerBytes(seg.timebase()) + (long) seg.length() * elementBytes;
        return (int) Math.min(Integer.MAX_VALUE, bytes); // larger than any link takes: refused by its size
    }

    @Override
    public void encode(T seg, MemorySegment target, long offset) {
        long at = timebases.write(seg.timebase(), target, offset);
        target.set(I64, at, seg.start);
        target.set(U32, at + 8, seg.length);
        at += 12;
        if (complex) {
            target.set(U32, at, ((ComplexSeg) seg).fftSize());
            at += 4;
        }
        int done = 0;
        for (int k = 0; k < seg.pieces; k++) {
            int n = seg.ends[k] - done;
            copy(seg.buffers[k].memory(), seg.offsets[k], part, target, at, wirePart, n);
            at += (long) n * elementBytes;
            done = seg.ends[k];
        }
    }

    @Override
    public T decode(MemorySegment source, long offset, int length) {
        long end = offset + length;
        long at = offset;
        need(at, 2, end, "timebase name length");
        int nameBytes = Short.toUnsignedInt(source.get(U16, at));
        long timebaseEnd = at + TimebaseCodec.FIXED_BYTES + nameBytes;
        need(at, TimebaseCodec.FIXED_BYTES + nameBytes, end, "timebase"); // the message says its size
        Timebase timebase = timebases.read(source, at, timebaseEnd, name);
        at = timebaseEnd;
        need(at, 12, end, "start and length");
        long start = source.get(I64, at);
        int count = source.get(U32, at + 8);
        at += 12;
        if (count < 0) {
            throw new ProtocolException("a " + name + " on the link has field length " + Integer.toUnsignedString(count)
                    + ": more samples than a segment may have (2^31 - 1)");
        }
        int fftSize = count;
        if (complex) {
            need(at, 4, end, "fftSize");
            fftSize = source.get(U32, at);
            at += 4;
            if (fftSize < 0) {
                throw new ProtocolException("a " + name + " on the link has field fftSize "
                        + Integer.toUnsignedString(fftSize) + ": more than 2^31 - 1");
            }
        }
        long samples = (long) count * elementBytes;
        if (end - at != samples) {
            throw new ProtocolException("a " + name + " on the link has field length " + count + " (" + samples
                    + " bytes of samples), but " + (end - at) + " bytes follow its header");
        }
        T seg = maker.make(timebase, start, count, fftSize);
        if (count > 0) {
            copy(source, at, wirePart, seg.memory0, seg.offset0, part, count);
        }
        return seg;
    }

    /**
     * Copies {@code elements} from one order to the other: as bytes where they agree (every
     * little-endian machine), swapping each part on the others.
     */
    private void copy(MemorySegment from, long fromOffset, ValueLayout fromLayout, MemorySegment to, long toOffset,
            ValueLayout toLayout, int elements) {
        if (WIRE_ORDER) {
            MemorySegment.copy(from, fromOffset, to, toOffset, (long) elements * elementBytes);
        } else {
            MemorySegment.copy(from, fromLayout, fromOffset, to, toLayout, toOffset, (long) elements * parts);
        }
    }

    /** The bytes before the samples. */
    private int headerBytes(Timebase timebase) {
        return timebases.size(timebase) + 12 + (complex ? 4 : 0);
    }

    private void need(long at, long bytes, long end, String field) {
        if (end - at < bytes) {
            throw new ProtocolException("a " + name + " on the link ends within field " + field + ": " + bytes
                    + " bytes needed, " + (end - at) + " left");
        }
    }
}
