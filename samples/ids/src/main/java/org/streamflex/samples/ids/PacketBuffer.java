package org.streamflex.samples.ids;

import org.streamflex.Stable;

/**
 * The reader's stable ring of raw packets, as the paper's {@code Buffer} (Figure 15). Plain Java
 * appends whole records through the reader's {@code @Atomic write}; the reader reads one record
 * at a time and commits it only when the whole record was there. A record is a 4-byte length, an
 * 8-byte capture time, a 2-byte {@link LinkType} and the frame's bytes, all big-endian. A frame
 * of up to {@code CAPACITY - RECORD_HEADER} bytes fits: larger than IPv4's 65,535, since loopback
 * captures with offloading hold such frames and an attacker can pad a frame past that size.
 */
public final class PacketBuffer implements Stable {
    public static final int CAPACITY = 1 << 18;
    /** Bytes each frame takes in the buffer besides its own: length, capture time and link type. */
    public static final int RECORD_HEADER = 14;
    /** The largest frame that fits. */
    public static final int MAX_FRAME = CAPACITY - RECORD_HEADER;
    private final byte[] data = new byte[CAPACITY];
    private long writePos;
    private long readPos;
    private long mark;

    /** Made by the reader that owns it, in its stable region. */
    PacketBuffer() {
    }

    /**
     * Appends one frame.
     *
     * @return 1 if appended, 0 if there is no room now, -1 if it can never fit or {@code length}
     *     is not within {@code frame}
     */
    int append(byte[] frame, int length, long timestampNanos, int linkType) {
        if (length < 0 || length > MAX_FRAME || length > frame.length) {
            return -1;
        }
        if (CAPACITY - (writePos - readPos) < length + RECORD_HEADER) {
            return 0;
        }
        long p = writePos;
        for (int shift = 24; shift >= 0; shift -= 8) {
            put(p++, (byte) (length >>> shift));
        }
        for (int shift = 56; shift >= 0; shift -= 8) {
            put(p++, (byte) (timestampNanos >>> shift));
        }
        put(p++, (byte) (linkType >>> 8));
        put(p++, (byte) linkType);
        // The frame in at most two blocks (the ring wraps): an @Atomic call logs each as one entry.
        int at = (int) p & (CAPACITY - 1);
        int first = Math.min(length, CAPACITY - at);
        System.arraycopy(frame, 0, data, at, first);
        System.arraycopy(frame, first, data, 0, length - first);
        writePos = p + length;
        return 1;
    }

    /**
     * Appends records already framed by the caller (length, capture time, link type, bytes), checked by
     * {@link #framed}.
     *
     * @return 1 if appended, 0 if there is no room now, -1 if they can never fit
     */
    int appendRecords(byte[] records, int length) {
        if (length > CAPACITY) {
            return -1;
        }
        if (CAPACITY - (writePos - readPos) < length) {
            return 0;
        }
        int at = (int) writePos & (CAPACITY - 1);
        int first = Math.min(length, CAPACITY - at);
        System.arraycopy(records, 0, data, at, first);
        System.arraycopy(records, first, data, 0, length - first);
        writePos += length;
        return 1;
    }

    /** Whether {@code length} bytes of {@code records} are whole records, back to back. */
    static boolean framed(byte[] records, int length) {
        if (length < 0 || length > records.length) {
            return false;
        }
        int i = 0;
        while (i < length) {
            if (length - i < RECORD_HEADER) {
                return false;
            }
            int frame = ((records[i] & 0xFF) << 24) | ((records[i + 1] & 0xFF) << 16) | ((records[i + 2] & 0xFF) << 8)
                    | (records[i + 3] & 0xFF);
            if (frame < 0 || frame > length - i - RECORD_HEADER) {
                return false;
            }
            i += RECORD_HEADER + frame;
        }
        return i == length;
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

    /**
     * Reads everything written so far again from the start, if it all still fits in the ring:
     * for benchmarks, which analyze the same frames over and over.
     *
     * @return false if data was overwritten since the start (nothing changed then)
     */
    boolean rewind() {
        if (writePos > CAPACITY) {
            return false;
        }
        readPos = 0;
        mark = 0;
        return true;
    }

    void startRead() {
        mark = readPos;
    }

    void advance(int bytes) {
        readPos += bytes;
    }

    /**
     * What the current read took so far.
     *
     * @return bytes consumed since {@link #startRead()}
     */
    int commitRead() {
        return (int) (readPos - mark);
    }

    void abortRead() {
        readPos = mark;
    }
}
