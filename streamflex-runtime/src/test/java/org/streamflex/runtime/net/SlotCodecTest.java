package org.streamflex.runtime.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;

/** Each primitive kind travels at its own size and comes back as the very slot its channel kept. */
class SlotCodecTest {
    /** Slots as the channels make them (SlotBits): widened integers, raw float and double bits, 0 or 1. */
    private static long[] slotsOf(ElementKind kind) {
        return switch (kind) {
            case BOOLEAN -> new long[] {0, 1};
            case BYTE -> new long[] {Byte.MIN_VALUE, -1, 0, 1, Byte.MAX_VALUE};
            case CHAR -> new long[] {0, 'a', Character.MAX_VALUE, 0xD800};
            case SHORT -> new long[] {Short.MIN_VALUE, -1, 0, Short.MAX_VALUE};
            case INT -> new long[] {Integer.MIN_VALUE, -1, 0, Integer.MAX_VALUE};
            case LONG -> new long[] {Long.MIN_VALUE, -1, 0, Long.MAX_VALUE};
            case FLOAT -> new long[] {Float.floatToRawIntBits(Float.NaN), 0xffc12345, Float.floatToRawIntBits(-0f),
                Float.floatToRawIntBits(Float.MIN_VALUE), Float.floatToRawIntBits(Float.NEGATIVE_INFINITY)};
            case DOUBLE -> new long[] {0x7ff8000000000001L, Double.doubleToRawLongBits(-0d), 1L,
                Double.doubleToRawLongBits(Double.NEGATIVE_INFINITY)};
            case CAPSULE, SHARED -> new long[0];
        };
    }

    @Test
    void everyPrimitiveSlotComesBackUnchangedAtItsKindsSize() {
        for (ElementKind kind : ElementKind.values()) {
            if (kind.size() == 0) {
                continue;
            }
            for (long slot : slotsOf(kind)) {
                ByteBuf frame = Unpooled.buffer();
                SlotCodec.write(frame, kind, slot);
                assertEquals(kind.size(), frame.readableBytes(), kind + " " + slot);
                assertEquals(slot, SlotCodec.read(frame, kind), kind + " " + Long.toHexString(slot));
                frame.release();
            }
        }
    }

    @Test
    void integersTravelBigEndian() {
        ByteBuf frame = Unpooled.buffer();
        SlotCodec.write(frame, ElementKind.INT, 0x01020304);
        assertEquals(0x01, frame.getByte(0));
        assertEquals(0x04, frame.getByte(3));
        frame.release();
    }

    @Test
    void capsulesAndSharedValuesAreNotSlots() {
        ByteBuf frame = Unpooled.buffer();
        assertThrows(IllegalArgumentException.class, () -> SlotCodec.write(frame, ElementKind.CAPSULE, 1));
        assertThrows(IllegalArgumentException.class, () -> SlotCodec.read(frame, ElementKind.CAPSULE));
        assertThrows(IllegalArgumentException.class, () -> SlotCodec.write(frame, ElementKind.SHARED, 1));
        assertThrows(IllegalArgumentException.class, () -> SlotCodec.read(frame, ElementKind.SHARED));
        frame.release();
    }
}
