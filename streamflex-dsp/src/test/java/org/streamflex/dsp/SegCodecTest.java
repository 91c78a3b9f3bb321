package org.streamflex.dsp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.streamflex.dsp.memory.BufferPool;
import org.streamflex.runtime.net.ProtocolException;
import org.streamflex.runtime.net.SharedCodec;

/**
 * Segments and tuples on the wire ({@link SegCodec}, {@link SegTupleCodec}): every segment class
 * comes back with its timebase, start sample, length and every sample bit for bit (NaN payloads
 * included), whatever pieces it was cut from; bad items are a {@link ProtocolException} naming the
 * class and the field, and leave nothing allocated.
 */
class SegCodecTest {
    private static final Timebase MIC = Timebase.of("mic-é", 48_000, 123_456_789L);
    private static final Timebase ODD = Timebase.of("odd", 44_100.5, -7);

    /** A segment of every class, made by its factory. */
    private record Kind(String name, SharedCodec<? extends Seg> codec, Maker maker) {
    }

    @FunctionalInterface
    private interface Maker {
        Seg make(Timebase tb, long start, int length);
    }

    private static final List<Kind> KINDS = List.of(
            new Kind("FloatSeg", SegCodec.floats(), FloatSeg::make),
            new Kind("DoubleSeg", SegCodec.doubles(), DoubleSeg::make),
            new Kind("ShortSeg", SegCodec.shorts(), ShortSeg::make),
            new Kind("IntSeg", SegCodec.ints(), IntSeg::make),
            new Kind("LongSeg", SegCodec.longs(), LongSeg::make),
            new Kind("ComplexSeg", SegCodec.complexes(), (tb, start, n) -> ComplexSeg.make(tb, start, n, 2 * n)));

    /** A segment whose memory holds random bits: every NaN and denormal pattern of the type turns up. */
    private static Seg random(Kind kind, Timebase tb, long start, int length, SplittableRandom random) {
        Seg s = kind.maker.make(tb, start, length);
        if (length > 0) {
            byte[] bits = new byte[length * s.elementBytes];
            random.nextBytes(bits);
            MemorySegment.copy(MemorySegment.ofArray(bits), 0, s.memory0, s.offset0, bits.length);
        }
        return s;
    }

    /** Every sample's bytes, as memory holds them, piece after piece. */
    static byte[] rawBytes(Seg s) {
        byte[] all = new byte[s.length() * s.elementBytes];
        int at = 0;
        for (int k = 0; k < s.pieceCount(); k++) {
            int bytes = s.pieceLength(k) * s.elementBytes;
            MemorySegment.copy(s.pieceMemory(k), s.pieceOffset(k), MemorySegment.ofArray(all), at, bytes);
            at += bytes;
        }
        return all;
    }

    @SuppressWarnings("unchecked")
    private static <T extends Seg> MemorySegment encode(SharedCodec<T> codec, Seg s) {
        MemorySegment bytes = MemorySegment.ofArray(new byte[codec.encodedSize((T) s) + 3]).asSlice(3);
        codec.encode((T) s, bytes, 0);
        return bytes;
    }

    private static Seg decode(SharedCodec<? extends Seg> codec, MemorySegment bytes) {
        return codec.decode(bytes, 0, (int) bytes.byteSize());
    }

    @Test
    void everySegmentClassComesBackBitForBit() {
        SplittableRandom random = new SplittableRandom(16);
        for (Kind kind : KINDS) {
            for (Timebase tb : List.of(MIC, ODD)) {
                for (int length : new int[] {0, 1, 7, 2048}) {
                    Seg s = random(kind, tb, -5 + length * 1_000_000_007L, length, random);
                    Seg back = decode(kind.codec, encode(kind.codec, s));
                    String what = kind.name + " of " + length + " on " + tb;
                    assertSame(s.getClass(), back.getClass(), what);
                    assertEquals(tb, back.timebase(), what);
                    assertEquals(s.start(), back.start(), what);
                    assertEquals(length, back.length(), what);
                    assertArrayEquals(rawBytes(s), rawBytes(back), what);
                    if (s instanceof ComplexSeg c) {
                        assertEquals(c.fftSize(), ((ComplexSeg) back).fftSize(), what);
                    }
                    assertNotSame(s, back);
                    s.release();
                    back.release();
                    assertEquals(0, back.references(), what);
                }
            }
        }
    }

    @Test
    void samplesAreLittleEndianOnTheWireAndTheHeaderBigEndian() {
        FloatSeg s = FloatSeg.make(MIC, 0, 1);
        s.set(0, Float.intBitsToFloat(0x7FC01234)); // a quiet NaN with a payload
        MemorySegment bytes = encode(SegCodec.floats(), s);
        long samples = bytes.byteSize() - 4;
        assertEquals(0x7FC01234, bytes.get(ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN), samples));
        assertEquals(1, bytes.get(ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN), samples - 4),
                "the length, big-endian");
        s.release();
    }

    @Test
    void aSegmentOfSeveralPiecesArrivesAsOneWithTheSameSamples() {
        SplittableRandom random = new SplittableRandom(3);
        for (Kind kind : KINDS) {
            Seg a = random(kind, MIC, 1000, 100, random);
            Seg b = random(kind, MIC, 1100, 60, random);
            Seg both = switch (a) {
                case FloatSeg f -> f.append((FloatSeg) b);
                case DoubleSeg d -> d.append((DoubleSeg) b);
                case ShortSeg sh -> sh.append((ShortSeg) b);
                case IntSeg i -> i.append((IntSeg) b);
                case LongSeg l -> l.append((LongSeg) b);
                case ComplexSeg c -> c.append((ComplexSeg) b);
                default -> throw new AssertionError(a);
            };
            Seg cut = subseg(both, 30, 110);
            assertEquals(2, cut.pieceCount(), kind.name);
            Seg back = decode(kind.codec, encode(kind.codec, cut));
            assertEquals(1, back.pieceCount(), kind.name);
            assertEquals(1030, back.start(), kind.name);
            assertArrayEquals(rawBytes(cut), rawBytes(back), kind.name);
            for (Seg s : List.of(a, b, both, cut, back)) {
                s.release();
            }
        }
    }

    private static Seg subseg(Seg s, int offset, int length) {
        return switch (s) {
            case FloatSeg f -> f.subseg(offset, length);
            case DoubleSeg d -> d.subseg(offset, length);
            case ShortSeg sh -> sh.subseg(offset, length);
            case IntSeg i -> i.subseg(offset, length);
            case LongSeg l -> l.subseg(offset, length);
            case ComplexSeg c -> c.subseg(offset, length);
            default -> throw new AssertionError(s);
        };
    }

    @Test
    void anItemOfTheWrongLengthNamesTheClassAndField() {
        for (Kind kind : KINDS) {
            Seg s = random(kind, MIC, 0, 16, new SplittableRandom(1));
            MemorySegment bytes = encode(kind.codec, s);
            s.release();
            ProtocolException shorter = assertThrows(ProtocolException.class,
                    () -> kind.codec.decode(bytes, 0, (int) bytes.byteSize() - 1));
            assertTrue(shorter.getMessage().startsWith("a " + kind.name + " on the link has field length 16"),
                    shorter.getMessage());
            MemorySegment longer = MemorySegment.ofArray(new byte[(int) bytes.byteSize() + 8]);
            MemorySegment.copy(bytes, 0, longer, 0, bytes.byteSize());
            ProtocolException more = assertThrows(ProtocolException.class,
                    () -> kind.codec.decode(longer, 0, (int) longer.byteSize()));
            assertTrue(more.getMessage().contains("but " + (16 * s.elementBytes + 8) + " bytes follow"),
                    more.getMessage());
            ProtocolException cut = assertThrows(ProtocolException.class, () -> kind.codec.decode(bytes, 0, 10));
            assertTrue(cut.getMessage().contains(kind.name + " on the link ends within field timebase"),
                    cut.getMessage());
        }
    }

    @Test
    void aNegativeLengthOrBadRateIsRefusedNamingTheField() {
        FloatSeg s = FloatSeg.make(MIC, 0, 0);
        MemorySegment bytes = encode(SegCodec.floats(), s);
        s.release();
        ValueLayout.OfInt u32 = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
        bytes.set(u32, bytes.byteSize() - 4, -1);
        ProtocolException huge = assertThrows(ProtocolException.class,
                () -> SegCodec.floats().decode(bytes, 0, (int) bytes.byteSize()));
        assertTrue(huge.getMessage().contains("FloatSeg on the link has field length 4294967295"), huge.getMessage());
        bytes.set(u32, bytes.byteSize() - 4, 0);
        int rate = 2 + MIC.name().getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
        bytes.set(ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN), rate,
                Double.doubleToRawLongBits(-1.0));
        ProtocolException negative = assertThrows(ProtocolException.class,
                () -> SegCodec.floats().decode(bytes, 0, (int) bytes.byteSize()));
        assertTrue(negative.getMessage().contains("field sampleRate"), negative.getMessage());
    }

    @Test
    void theSameTimebaseDecodesToTheSameInstance() {
        SegCodec<FloatSeg> sender = SegCodec.floats();
        SegCodec<FloatSeg> receiver = SegCodec.floats();
        FloatSeg a = FloatSeg.make(MIC, 0, 4);
        FloatSeg b = FloatSeg.make(Timebase.of("mic-é", 48_000, 123_456_789L), 4, 4);
        FloatSeg x = receiver.decode(encode(sender, a), 0, (int) encode(sender, a).byteSize());
        FloatSeg y = receiver.decode(encode(sender, b), 0, (int) encode(sender, b).byteSize());
        assertSame(x.timebase(), y.timebase(), "cached: no timebase is made per segment");
        for (FloatSeg s : List.of(a, b, x, y)) {
            s.release();
        }
    }

    @Test
    void aTupleComesBackWithEveryPlaceAndItsTag() {
        SplittableRandom random = new SplittableRandom(9);
        SegTuple t = SegTuple.make(KINDS.size() + 1);
        t.tag(-42);
        for (int i = 0; i < KINDS.size(); i++) {
            Seg s = random(KINDS.get(i), i % 2 == 0 ? MIC : ODD, 10L * i, 5 + i, random);
            t.set(i, s);
            s.release(); // the tuple holds it
        }
        SegTupleCodec codec = new SegTupleCodec();
        MemorySegment bytes = MemorySegment.ofArray(new byte[codec.encodedSize(t)]);
        codec.encode(t, bytes, 0);
        SegTuple back = codec.decode(bytes, 0, (int) bytes.byteSize());
        assertEquals(t.size(), back.size());
        assertEquals(-42, back.tag());
        for (int i = 0; i < KINDS.size(); i++) {
            Seg s = t.get(i);
            Seg r = back.get(i);
            assertSame(s.getClass(), r.getClass());
            assertEquals(s.timebase(), r.timebase());
            assertEquals(s.start(), r.start());
            assertArrayEquals(rawBytes(s), rawBytes(r));
            assertEquals(1, r.references(), "the tuple alone holds its segments");
        }
        assertNull(back.place(KINDS.size()), "an unset place stays unset");
        Seg first = back.get(0);
        t.release();
        back.release();
        assertEquals(0, first.references(), "freed with its tuple");
    }

    @Test
    void aTupleWithABadPlaceIsRefusedNamingThePlaceAndLeavesNothingHeld() {
        SegTuple t = SegTuple.make(2);
        FloatSeg s = FloatSeg.make(MIC, 0, 3);
        t.set(0, s);
        t.set(1, s);
        long second = 10L + 5 + SegCodec.floats().encodedSize(s);
        s.release();
        SegTupleCodec codec = new SegTupleCodec();
        MemorySegment bytes = MemorySegment.ofArray(new byte[codec.encodedSize(t)]);
        codec.encode(t, bytes, 0);
        t.release();
        long inUse = BufferPool.shared().bytesInUse();
        bytes.set(ValueLayout.JAVA_BYTE, second, (byte) 9);
        ProtocolException kind = assertThrows(ProtocolException.class,
                () -> codec.decode(bytes, 0, (int) bytes.byteSize()));
        assertTrue(kind.getMessage().contains("kind 9 in place 1"), kind.getMessage());
        bytes.set(ValueLayout.JAVA_BYTE, second, (byte) 4);
        bytes.set(ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN), second + 1, 3);
        ProtocolException length = assertThrows(ProtocolException.class,
                () -> codec.decode(bytes, 0, (int) bytes.byteSize()));
        assertTrue(length.getMessage().contains("bytes after its last place"), length.getMessage());
        // Place 1 well framed but its segment bad: place 0 was decoded already, and is let go with the tuple.
        SegTuple again = SegTuple.make(2);
        FloatSeg a = FloatSeg.make(MIC, 0, 3);
        FloatSeg b = FloatSeg.make(ODD, 3, 3);
        again.set(0, a);
        again.set(1, b);
        a.release();
        b.release();
        MemorySegment good = MemorySegment.ofArray(new byte[codec.encodedSize(again)]);
        codec.encode(again, good, 0);
        again.release();
        long secondRate = second + 5 + 2 + ODD.name().length();
        good.set(ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN), secondRate,
                Double.doubleToRawLongBits(Double.NaN));
        ProtocolException rate = assertThrows(ProtocolException.class,
                () -> codec.decode(good, 0, (int) good.byteSize()));
        assertTrue(rate.getMessage().contains("FloatSeg on the link has timebase odd"), rate.getMessage());
        assertEquals(inUse, BufferPool.shared().bytesInUse(), "the segment of place 0 went back to its pool");
    }

    @Test
    void encodingAndDecodingAllocateNothingOnceWarm() {
        SegCodec<FloatSeg> floats = SegCodec.floats();
        SegTupleCodec tuples = new SegTupleCodec();
        FloatSeg s = FloatSeg.make(MIC, 0, 2048);
        SegTuple t = SegTuple.of(s, s.subseg(8, 16));
        t.get(1).release(); // the tuple holds the cut
        MemorySegment bytes = MemorySegment.ofArray(new byte[tuples.encodedSize(t) + floats.encodedSize(s)]);
        Runnable roundTrips = () -> {
            for (int i = 0; i < 2000; i++) {
                floats.encode(s, bytes, 0);
                floats.decode(bytes, 0, floats.encodedSize(s)).release();
            }
        };
        Runnable tupleTrips = () -> {
            for (int i = 0; i < 2000; i++) {
                tuples.encode(t, bytes, 0);
                tuples.decode(bytes, 0, tuples.encodedSize(t)).release();
            }
        };
        for (int warm = 0; warm < 5; warm++) {
            roundTrips.run();
            tupleTrips.run();
        }
        assertEquals(0, HeapBytes.steadyState(roundTrips), "segments");
        assertEquals(0, HeapBytes.steadyState(tupleTrips), "tuples");
        t.release();
        s.release();
    }
}
