package org.streamflex.runtime.net;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.streamflex.Capsule;
import org.streamflex.runtime.capsule.CapsuleType;

/** Capsules travel field by field, bit for bit, into pooled capsules' own arrays; bad bytes name the field. */
class CapsuleCodecTest {
    /** Every primitive type, as fields. */
    static class Scalars extends Capsule {
        boolean z;
        byte b;
        char c;
        short s;
        int i;
        long j;
        float f;
        double d;

        private Scalars() {
        }
    }

    /** Every primitive array type, over a superclass with scalars. */
    static final class Arrays8 extends Scalars {
        final boolean[] zs = new boolean[3];
        final byte[] bs = new byte[5];
        final char[] cs = new char[2];
        final short[] ss = new short[2];
        final int[] is = new int[4];
        final long[] js = new long[2];
        final float[] fs = new float[3];
        final double[] ds = new double[3];
        final int[] none = null;

        private Arrays8() {
        }
    }

    /** The layout of Arrays8, but its last array is not null. */
    static final class Variant extends Scalars {
        final boolean[] zs = new boolean[3];
        final byte[] bs = new byte[5];
        final char[] cs = new char[2];
        final short[] ss = new short[2];
        final int[] is = new int[4];
        final long[] js = new long[2];
        final float[] fs = new float[3];
        final double[] ds = new double[3];
        final int[] none = new int[1];

        private Variant() {
        }
    }

    private static final CapsuleType<Arrays8> TYPE = CapsuleType.of(Arrays8.class);
    private static final CapsuleCodec<Arrays8> CODEC = CapsuleCodec.of(Arrays8.class);

    private static Arrays8 filled() {
        Arrays8 a = TYPE.newInstance();
        a.z = true;
        a.b = Byte.MIN_VALUE;
        a.c = '\uD800';
        a.s = Short.MIN_VALUE;
        a.i = 0x01020304;
        a.j = Long.MIN_VALUE + 7;
        a.f = Float.intBitsToFloat(0x7fa00001); // a signalling NaN with payload
        a.d = Double.longBitsToDouble(0x7ff8000000000123L);
        copy(new boolean[] {true, false, true}, a.zs);
        copy(new byte[] {-1, 0, 1, 127, -128}, a.bs);
        copy(new char[] {Character.MAX_VALUE, 'x'}, a.cs);
        copy(new short[] {-2, Short.MAX_VALUE}, a.ss);
        copy(new int[] {Integer.MIN_VALUE, -1, 0, Integer.MAX_VALUE}, a.is);
        copy(new long[] {-3, Long.MAX_VALUE}, a.js);
        copy(new float[] {-0f, Float.intBitsToFloat(0xffc12345), Float.NEGATIVE_INFINITY}, a.fs);
        copy(new double[] {-0d, Double.longBitsToDouble(0x7ff0000000000001L), Double.MIN_VALUE}, a.ds);
        return a;
    }

    private static void copy(Object from, Object to) {
        System.arraycopy(from, 0, to, 0, java.lang.reflect.Array.getLength(from));
    }

    private static byte[] encode(Capsule c) {
        byte[] bytes = new byte[CODEC.encodedSize(c)];
        assertEquals(bytes.length, CODEC.encode(c, bytes, 0));
        return bytes;
    }

    @Test
    void everyPrimitiveAndArrayTypeComesBackBitForBitIntoThePooledCapsulesArrays() {
        Arrays8 sent = filled();
        byte[] bytes = encode(sent);
        Arrays8 got = TYPE.newInstance();
        int[] ownInts = got.is;
        CODEC.decode(bytes, 0, bytes.length, got);
        assertTrue(got.z);
        assertEquals(sent.b, got.b);
        assertEquals(sent.c, got.c);
        assertEquals(sent.s, got.s);
        assertEquals(sent.i, got.i);
        assertEquals(sent.j, got.j);
        assertEquals(0x7fa00001, Float.floatToRawIntBits(got.f));
        assertEquals(0x7ff8000000000123L, Double.doubleToRawLongBits(got.d));
        assertArrayEquals(sent.zs, got.zs);
        assertArrayEquals(sent.bs, got.bs);
        assertArrayEquals(sent.cs, got.cs);
        assertArrayEquals(sent.ss, got.ss);
        assertArrayEquals(sent.is, got.is);
        assertArrayEquals(sent.js, got.js);
        for (int k = 0; k < 3; k++) {
            assertEquals(Float.floatToRawIntBits(sent.fs[k]), Float.floatToRawIntBits(got.fs[k]), "fs " + k);
            assertEquals(Double.doubleToRawLongBits(sent.ds[k]), Double.doubleToRawLongBits(got.ds[k]), "ds " + k);
        }
        assertEquals(null, got.none);
        assertSame(ownInts, got.is, "decoded into the pooled capsule's own array, not a new one");
    }

    @Test
    void encodingIntoAFrameWritesTheSameBytesAsIntoAnArrayAndLeavesItsIndicesAlone() {
        Arrays8 sent = filled();
        byte[] bytes = encode(sent);
        ByteBuf frame = Unpooled.directBuffer(7 + bytes.length + 5);
        try {
            frame.writerIndex(3).readerIndex(1);
            assertEquals(7 + bytes.length, CODEC.encode(sent, frame, 7));
            assertEquals(3, frame.writerIndex(), "the writer index is the caller's to move");
            assertEquals(1, frame.readerIndex());
            byte[] written = new byte[bytes.length];
            frame.getBytes(7, written);
            assertArrayEquals(bytes, written, "byte for byte the array form's encoding, null array included");
            Arrays8 got = TYPE.newInstance();
            CODEC.decode(frame, 7, bytes.length, got);
            assertArrayEquals(sent.ds, got.ds);
            assertEquals(0x7fa00001, Float.floatToRawIntBits(got.f));
        } finally {
            frame.release();
        }
    }

    @Test
    void theLayoutIsSuperclassFirstDeclaredOrderBigEndianArraysLengthPrefixed() {
        assertEquals(List.of("Scalars.z", "Scalars.b", "Scalars.c", "Scalars.s", "Scalars.i", "Scalars.j",
                "Scalars.f", "Scalars.d", "Arrays8.zs", "Arrays8.bs", "Arrays8.cs", "Arrays8.ss", "Arrays8.is",
                "Arrays8.js", "Arrays8.fs", "Arrays8.ds", "Arrays8.none"), CODEC.fieldNames());
        byte[] bytes = encode(filled());
        int scalars = 1 + 1 + 2 + 2 + 4 + 8 + 4 + 8;
        int arrays = 9 * 4 + 3 + 5 + 2 * 2 + 2 * 2 + 4 * 4 + 2 * 8 + 3 * 4 + 3 * 8;
        assertEquals(scalars + arrays, bytes.length);
        assertEquals(1, bytes[0]);
        assertEquals((byte) 0x80, bytes[1]);
        int i = 1 + 1 + 2 + 2;
        assertArrayEquals(new byte[] {1, 2, 3, 4}, java.util.Arrays.copyOfRange(bytes, i, i + 4));
        assertArrayEquals(new byte[] {0, 0, 0, 3, 1, 0, 1}, java.util.Arrays.copyOfRange(bytes, scalars,
                scalars + 7), "zs: length 3, then one byte per boolean");
        assertArrayEquals(new byte[] {-1, -1, -1, -1}, java.util.Arrays.copyOfRange(bytes, bytes.length - 4,
                bytes.length), "a null array is length 0xFFFFFFFF");
    }

    @Test
    void aSubclassCodecReadsOnlyItsOwnLayoutAndAnOffsetIsHonoured() {
        CapsuleCodec<Scalars> scalars = CapsuleCodec.of(Scalars.class);
        Scalars s = CapsuleType.of(Scalars.class).newInstance();
        s.j = 42;
        s.d = -1.5;
        byte[] bytes = new byte[3 + scalars.encodedSize(s)];
        assertEquals(bytes.length, scalars.encode(s, bytes, 3));
        Scalars back = CapsuleType.of(Scalars.class).newInstance();
        scalars.decode(bytes, 3, bytes.length - 3, back);
        assertEquals(42, back.j);
        assertEquals(-1.5, back.d);
        // The superclass's bytes are not a whole Arrays8: its first array field is missing.
        ProtocolException e = assertThrows(ProtocolException.class,
                () -> CODEC.decode(bytes, 3, bytes.length - 3, TYPE.newInstance()));
        assertTrue(e.getMessage().contains(Arrays8.class.getName()) && e.getMessage().contains("Arrays8.zs"),
                e.getMessage());
    }

    @Test
    void shortOrLeftOverBytesAreProtocolErrorsNamingTypeAndField() {
        byte[] bytes = encode(filled());
        for (int cut : new int[] {0, 1, 9, 29, 30, bytes.length - 1}) {
            ProtocolException e = assertThrows(ProtocolException.class,
                    () -> CODEC.decode(bytes, 0, cut, TYPE.newInstance()), "cut at " + cut);
            assertTrue(e.getMessage().contains(Arrays8.class.getName()) && e.getMessage().contains(" field "),
                    e.getMessage());
        }
        assertTrue(assertThrows(ProtocolException.class, () -> CODEC.decode(bytes, 0, 1, TYPE.newInstance()))
                .getMessage().contains("Scalars.b"));
        byte[] longer = java.util.Arrays.copyOf(bytes, bytes.length + 2);
        assertTrue(assertThrows(ProtocolException.class,
                () -> CODEC.decode(longer, 0, longer.length, TYPE.newInstance())).getMessage()
                .contains("2 bytes follow its last field Arrays8.none"));
    }

    @Test
    void anArrayOfAnotherLengthOrANullOneIsRefusedNamingTheField() {
        byte[] bytes = encode(filled());
        int isLength = 30 + (4 + 3) + (4 + 5) + (4 + 2 * 2) + (4 + 2 * 2);
        assertEquals(4, bytes[isLength + 3]);
        bytes[isLength + 3] = 7;
        ProtocolException e = assertThrows(ProtocolException.class,
                () -> CODEC.decode(bytes, 0, bytes.length, TYPE.newInstance()));
        assertTrue(e.getMessage().contains("Arrays8.is arrives with 7 elements")
                && e.getMessage().contains("has 4"), e.getMessage());
        byte[] withNull = encode(filled());
        CapsuleCodec<Variant> variants = CapsuleCodec.of(Variant.class);
        ProtocolException n = assertThrows(ProtocolException.class,
                () -> variants.decode(withNull, 0, withNull.length, CapsuleType.of(Variant.class).newInstance()));
        assertTrue(n.getMessage().contains("Variant.none arrives null"), n.getMessage());
        Variant v = CapsuleType.of(Variant.class).newInstance();
        byte[] notNull = new byte[variants.encodedSize(v)];
        variants.encode(v, notNull, 0);
        ProtocolException m = assertThrows(ProtocolException.class,
                () -> CODEC.decode(notNull, 0, notNull.length, TYPE.newInstance()));
        assertTrue(m.getMessage().contains("Arrays8.none arrives with 1 elements")
                && m.getMessage().contains("is null"), m.getMessage());
    }

    /** {@code bytes} at index {@code at} of a direct buffer (as a frame's items arrive), read from there. */
    private static ByteBuf inFrame(byte[] bytes, int at) {
        ByteBuf frame = Unpooled.directBuffer(at + bytes.length + 3);
        frame.writeZero(at).writeBytes(bytes).writeZero(3);
        frame.readerIndex(at);
        return frame;
    }

    @Test
    void anItemDecodedStraightFromAFrameBufferIsTheOneDecodedFromAnArrayBitForBit() {
        byte[] bytes = encode(filled());
        ByteBuf frame = inFrame(bytes, 7);
        try {
            Arrays8 got = TYPE.newInstance();
            int[] ownInts = got.is;
            CODEC.decode(frame, 7, bytes.length, got);
            assertArrayEquals(bytes, encode(got), "every field, floats' bits included, as sent");
            assertSame(ownInts, got.is, "decoded into the pooled capsule's own array, not a new one");
            assertEquals(7, frame.readerIndex(), "the frame's reader index is the caller's to move");
        } finally {
            frame.release();
        }
    }

    @Test
    void aFrameBufferItemShortLeftOverOrWithAnotherArrayLengthIsRefusedAsFromAnArray() {
        byte[] bytes = encode(filled());
        int isLength = 30 + (4 + 3) + (4 + 5) + (4 + 2 * 2) + (4 + 2 * 2);
        byte[] otherLength = bytes.clone();
        otherLength[isLength + 3] = 7;
        for (int cut : new int[] {0, 1, 29, bytes.length - 1}) {
            assertRefusedAlike(bytes, cut);
        }
        assertRefusedAlike(java.util.Arrays.copyOf(bytes, bytes.length + 2), bytes.length + 2);
        assertRefusedAlike(otherLength, otherLength.length);
    }

    private static void assertRefusedAlike(byte[] bytes, int length) {
        String fromArray = assertThrows(ProtocolException.class,
                () -> CODEC.decode(bytes, 0, length, TYPE.newInstance())).getMessage();
        ByteBuf frame = inFrame(bytes, 5);
        try {
            String fromFrame = assertThrows(ProtocolException.class,
                    () -> CODEC.decode(frame, 5, length, TYPE.newInstance())).getMessage();
            assertEquals(fromArray, fromFrame, "an item of " + length + " bytes");
        } finally {
            frame.release();
        }
    }
}
