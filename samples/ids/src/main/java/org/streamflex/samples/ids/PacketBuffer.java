package org.streamflex.samples.ids;

import org.streamflex.Stable;

/**
 * The reader's stable ring of raw packets, as the paper's {@code Buffer} (Figure 15). Plain Java
 * appends whole records through the reader's {@code @Atomic write}; the reader reads one record
 * at a time and commits it only when the whole record was there. A record is a 2-byte length, an
 * 8-byte capture time and the frame's bytes.
 */
public final class PacketBuffer implements Stable {
    public static final int CAPACITY = 1 << 16;
    static final int RECORD_HEADER = 10;
    private final byte[] data = new byte[CAPACITY];
    private long writePos;
    private long readPos;
    private long mark;

    /**
     * Appends one frame.
     *
     * @return 1 if appended, 0 if there is no room now, -1 if it can never fit
     */
    int append(byte[] frame, int length, long timestampNanos) {
        if (length > 0xFFFF || length + RECORD_HEADER > CAPACITY) {
            return -1;
        }
        if (CAPACITY - (writePos - readPos) < length + RECORD_HEADER) {
            return 0;
        }
        long p = writePos;
        put(p++, (byte) (length >>> 8));
        put(p++, (byte) length);
        for (int shift = 56; shift >= 0; shift -= 8) {
            put(p++, (byte) (timestampNanos >>> shift));
        }
        for (int i = 0; i < length; i++) {
            put(p++, frame[i]);
        }
        writePos = p;
        return 1;
    }

    private void put(long p, byte b) {
        data[(int) p & (CAPACITY - 1)] = b;
    }

    /** Bytes between the read position and the end of what was written. */
    int available() {
        return (int) (writePos - readPos);
    }

    /** Unsigned byte {@code offset} bytes past the read position. */
    int at(int offset) {
        return data[(int) (readPos + offset) & (CAPACITY - 1)] & 0xFF;
    }

    /** Big-endian unsigned 16 bits at {@code offset}. */
    int u16(int offset) {
        return at(offset) << 8 | at(offset + 1);
    }

    /** Big-endian 32 bits at {@code offset}. */
    int u32(int offset) {
        return u16(offset) << 16 | u16(offset + 2);
    }

    long u64(int offset) {
        return (long) u32(offset) << 32 | (u32(offset + 4) & 0xFFFFFFFFL);
    }

    void startRead() {
        mark = readPos;
    }

    void advance(int bytes) {
        readPos += bytes;
    }

    /** @return bytes consumed since {@link #startRead()} */
    int commitRead() {
        return (int) (readPos - mark);
    }

    void abortRead() {
        readPos = mark;
    }
}
