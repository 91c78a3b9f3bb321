package org.streamflex.dsp;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import org.streamflex.abi.Regions;
import org.streamflex.runtime.net.ProtocolException;
import org.streamflex.runtime.net.SharedCodec;

/**
 * How a {@link SegTuple} crosses a link ({@link SharedCodec}): its number of places u16, its tag
 * i64, then each place as a kind byte (0 for a place never set, then 1 {@code ShortSeg}, 2
 * {@code IntSeg}, 3 {@code LongSeg}, 4 {@code FloatSeg}, 5 {@code DoubleSeg}, 6 {@code ComplexSeg}),
 * and for a segment its encoded length u32 and its bytes as {@link SegCodec} writes them. The
 * receiver gets a new tuple holding new segments of the same classes, timebases, sample numbers and
 * samples, bit for bit: what a {@code sync} over several microphones hands its consumer.
 *
 * <pre>{@code
 * SegTupleCodec codec = new SegTupleCodec();
 * MemorySegment bytes = MemorySegment.ofArray(new byte[codec.encodedSize(tuple)]);
 * codec.encode(tuple, bytes, 0);
 * SegTuple copy = codec.decode(bytes, 0, (int) bytes.byteSize());
 * }</pre>
 */
@SuppressWarnings("StreamFlex:Internals") // asks the ABI whether a work() runs, as Seg does
public final class SegTupleCodec implements SharedCodec<SegTuple> {
    private static final ValueLayout.OfShort U16 = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final ValueLayout.OfInt U32 = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final ValueLayout.OfLong I64 = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final int PLACE_BYTES = 1 + 4;

    /** Indexed by kind byte; each with its own timebase cache. */
    private final SegCodec<?>[] codecs = {null, SegCodec.shorts(), SegCodec.ints(), SegCodec.longs(),
        SegCodec.floats(), SegCodec.doubles(), SegCodec.complexes()};

    /** A codec with its own caches, for one thread at a time. */
    public SegTupleCodec() {
    }

    @Override
    public Class<SegTuple> type() {
        return SegTuple.class;
    }

    /** A codec with caches of its own, for another thread. */
    @Override
    public SegTupleCodec copy() {
        return new SegTupleCodec();
    }

    @Override
    public int encodedSize(SegTuple tuple) {
        long bytes = 2 + 8;
        for (int i = 0; i < tuple.size(); i++) {
            Seg seg = tuple.place(i);
            bytes += seg == null ? 1 : PLACE_BYTES + codecOf(seg).encodedSize(seg);
        }
        return (int) Math.min(Integer.MAX_VALUE, bytes);
    }

    @Override
    public void encode(SegTuple tuple, MemorySegment target, long offset) {
        target.set(U16, offset, (short) tuple.size());
        target.set(I64, offset + 2, tuple.tag());
        long at = offset + 10;
        for (int i = 0; i < tuple.size(); i++) {
            Seg seg = tuple.place(i);
            if (seg == null) {
                target.set(ValueLayout.JAVA_BYTE, at++, (byte) 0);
                continue;
            }
            SegCodec<Seg> codec = codecOf(seg);
            int size = codec.encodedSize(seg);
            target.set(ValueLayout.JAVA_BYTE, at, (byte) kindOf(seg));
            target.set(U32, at + 1, size);
            codec.encode(seg, target, at + PLACE_BYTES);
            at += PLACE_BYTES + size;
        }
    }

    @Override
    public SegTuple decode(MemorySegment source, long offset, int length) {
        long end = offset + length;
        if (length < 10) {
            throw new ProtocolException("a SegTuple on the link ends within its fields size and tag: " + length
                    + " bytes, 10 needed");
        }
        int size = Short.toUnsignedInt(source.get(U16, offset));
        // Checked whole before anything is allocated: a bad place number or length names its place.
        long at = offset + 10;
        for (int i = 0; i < size; i++) {
            if (at >= end) {
                throw new ProtocolException("a SegTuple on the link of " + size + " places ends before place " + i);
            }
            int kind = source.get(ValueLayout.JAVA_BYTE, at);
            if (kind == 0) {
                at++;
                continue;
            }
            if (kind < 0 || kind >= codecs.length) {
                throw new ProtocolException("a SegTuple on the link has kind " + kind + " in place " + i
                        + ": field kind is 0 (unset) or 1 to 6 (ShortSeg, IntSeg, LongSeg, FloatSeg, DoubleSeg,"
                        + " ComplexSeg)");
            }
            if (end - at < PLACE_BYTES) {
                throw new ProtocolException("a SegTuple on the link ends within the length of place " + i);
            }
            long bytes = Integer.toUnsignedLong(source.get(U32, at + 1));
            if (bytes > end - at - PLACE_BYTES) {
                throw new ProtocolException("a SegTuple on the link has field length " + bytes + " in place " + i
                        + ", but " + (end - at - PLACE_BYTES) + " bytes are left");
            }
            at += PLACE_BYTES + bytes;
        }
        if (at != end) {
            throw new ProtocolException("a SegTuple on the link of " + size + " places has " + (end - at)
                    + " bytes after its last place");
        }
        SegTuple tuple = SegTuple.make(size);
        try {
            tuple.tag(source.get(I64, offset + 2));
            at = offset + 10;
            for (int i = 0; i < size; i++) {
                int kind = source.get(ValueLayout.JAVA_BYTE, at);
                if (kind == 0) {
                    at++;
                    continue;
                }
                int bytes = source.get(U32, at + 1);
                Seg seg = codecs[kind].decode(source, at + PLACE_BYTES, bytes);
                tuple.set(i, seg);
                seg.releaseMade(); // the tuple holds it now
                at += PLACE_BYTES + bytes;
            }
            return tuple;
        } catch (RuntimeException e) {
            if (Regions.current().workScope() == null) {
                tuple.release(); // and the segments decoded so far with it; in a work(), the work() lets go
            }
            throw e;
        }
    }

    @SuppressWarnings("unchecked") // the codec at a segment's kind is of its class
    private SegCodec<Seg> codecOf(Seg seg) {
        return (SegCodec<Seg>) codecs[kindOf(seg)];
    }

    private static int kindOf(Seg seg) {
        return switch (seg) {
            case ShortSeg s -> 1;
            case IntSeg s -> 2;
            case LongSeg s -> 3;
            case FloatSeg s -> 4;
            case DoubleSeg s -> 5;
            case ComplexSeg s -> 6;
            default -> throw new IllegalArgumentException(seg.getClass().getName() + " is no segment class a link"
                    + " carries");
        };
    }
}
