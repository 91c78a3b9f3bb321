package org.streamflex.runtime.net;

import io.netty.buffer.ByteBuf;

/**
 * How a primitive item travels in a DATA frame: at its own size, big-endian, from and back to the
 * 64-bit slot a channel's ring keeps it in. Integers are narrowed on the way out and widened back
 * as their Java type widens them ({@code char} without sign); {@code float} travels as its raw
 * bits, so every NaN arrives unchanged; {@code boolean} as one byte, 0 or 1. The receiver rebuilds
 * exactly the slot the sender's ring held, so a link is invisible to the filters on both ends.
 *
 * <pre>{@code
 * SlotCodec.write(frame, ElementKind.FLOAT, slot);      // 4 bytes
 * long same = SlotCodec.read(frame, ElementKind.FLOAT); // the slot again
 * }</pre>
 */
public final class SlotCodec {
    private SlotCodec() {
    }

    /** Writes {@code slot} as an item of {@code kind}, {@code kind.size()} bytes. */
    public static void write(ByteBuf frame, ElementKind kind, long slot) {
        switch (kind) {
            case BOOLEAN -> frame.writeByte(slot != 0 ? 1 : 0);
            case BYTE -> frame.writeByte((int) slot);
            case CHAR, SHORT -> frame.writeShort((int) slot);
            case INT, FLOAT -> frame.writeInt((int) slot);
            case LONG, DOUBLE -> frame.writeLong(slot);
            case CAPSULE, SHARED -> throw new IllegalArgumentException(kind.javaName()
                    + " items are not slots: they travel with their length");
        }
    }

    /** Reads an item of {@code kind} and returns the slot it was written from. */
    public static long read(ByteBuf frame, ElementKind kind) {
        return switch (kind) {
            case BOOLEAN -> frame.readByte() != 0 ? 1 : 0;
            case BYTE -> frame.readByte();
            case CHAR -> frame.readUnsignedShort();
            case SHORT -> frame.readShort();
            case INT, FLOAT -> frame.readInt();
            case LONG, DOUBLE -> frame.readLong();
            case CAPSULE, SHARED -> throw new IllegalArgumentException(kind.javaName()
                    + " items are not slots: they travel with their length");
        };
    }
}
