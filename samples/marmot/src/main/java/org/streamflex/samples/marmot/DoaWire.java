package org.streamflex.samples.marmot;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The bytes a node sends per detection when the graph is cut between node and server: a 28-byte
 * header (version, kind, node, onset, range, azimuth) and the 360 one-byte levels, 388 bytes in
 * all, against {@code 4 * 2 * samples} bytes of raw 16-bit audio for the same detection (the paper:
 * 800 bytes against at least 32 KB).
 *
 * <pre>{@code
 * byte[] wire = DoaWire.encode(node, onsetNanos, startNanos, endNanos, azimuth, levels);
 * DoaWire.Decoded d = DoaWire.decode(wire);
 * }</pre>
 */
public final class DoaWire {
    /** Header bytes. */
    public static final int HEADER = 28;
    /** Bytes per detection. */
    public static final int BYTES = HEADER + DoaVector.AZIMUTHS;
    private static final byte VERSION = 1;

    private DoaWire() {
    }

    /**
     * A decoded detection.
     *
     * @param node the node's index
     * @param onsetNanos the onset
     * @param startNanos the range's start
     * @param endNanos the range's end
     * @param azimuth the peak azimuth, degrees
     * @param levels the 360 levels
     */
    @SuppressWarnings("ArrayRecordComponent") // a decoded message, made and read once: no one compares them
    public record Decoded(int node, long onsetNanos, long startNanos, long endNanos, float azimuth, byte[] levels) {
    }

    /** The wire form of one detection; range times travel as offsets from the onset (int microseconds). */
    public static byte[] encode(int node, long onsetNanos, long startNanos, long endNanos, float azimuth,
            byte[] levels) {
        ByteBuffer b = ByteBuffer.allocate(BYTES).order(ByteOrder.BIG_ENDIAN);
        b.put(VERSION).put((byte) DoaVector.DETECTION).putShort((short) node);
        b.putLong(onsetNanos);
        b.putInt((int) ((onsetNanos - startNanos) / 1_000));
        b.putInt((int) ((endNanos - onsetNanos) / 1_000));
        b.putFloat(azimuth);
        b.putInt(DoaVector.AZIMUTHS);
        b.put(levels, 0, DoaVector.AZIMUTHS);
        return b.array();
    }

    /**
     * Reads what {@link #encode} wrote.
     *
     * @throws IllegalArgumentException if {@code bytes} is not a version-1 detection of 360 levels
     */
    public static Decoded decode(byte[] bytes) {
        if (bytes.length != BYTES || bytes[0] != VERSION || bytes[1] != DoaVector.DETECTION) {
            throw new IllegalArgumentException("not a version " + VERSION + " DOA detection of " + BYTES + " bytes: "
                    + bytes.length + " bytes, version " + (bytes.length > 0 ? bytes[0] : -1));
        }
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.BIG_ENDIAN);
        b.position(2);
        int node = b.getShort() & 0xFFFF;
        long onset = b.getLong();
        long start = onset - 1_000L * b.getInt();
        long end = onset + 1_000L * b.getInt();
        float az = b.getFloat();
        int n = b.getInt();
        if (n != DoaVector.AZIMUTHS) {
            throw new IllegalArgumentException("a DOA detection of " + n + " levels, expected " + DoaVector.AZIMUTHS);
        }
        byte[] levels = new byte[n];
        b.get(levels);
        return new Decoded(node, onset, start, end, az, levels);
    }
}
