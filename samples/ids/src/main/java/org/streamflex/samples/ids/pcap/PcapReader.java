package org.streamflex.samples.ids.pcap;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.streamflex.samples.ids.LinkType;

/**
 * Reads classic libpcap files: both byte orders, microsecond and nanosecond timestamps. Bad input
 * never throws; every byte of it is counted ({@link CaptureCounts}):
 * <ul>
 *   <li>a file too short for the global header, or with an unknown magic number, is all malformed;
 *   <li>records of a link type the IDS does not read are skipped and counted;
 *   <li>a record header cut short, a record whose captured length exceeds {@value #MAX_RECORD}
 *       bytes or the file's snap length, or a record cut short ends the file: the rest is
 *       malformed, because classic pcap has no marker to find the next record by.
 * </ul>
 * {@link CaptureFile} opens files and calls it.
 */
final class PcapReader {
    /** Largest record accepted, whatever the snap length says (libpcap's own maximum): larger is garbage. */
    static final int MAX_RECORD = 262_144;
    static final int MAGIC_MICROS = 0xA1B2C3D4;
    static final int MAGIC_MICROS_SWAPPED = 0xD4C3B2A1;
    static final int MAGIC_NANOS = 0xA1B23C4D;
    static final int MAGIC_NANOS_SWAPPED = 0x4D3CB2A1;
    static final int GLOBAL_HEADER = 24;
    static final int RECORD_HEADER = 16;

    private PcapReader() {
    }

    static void read(InputStream in, FrameSink sink, CaptureCounts c) throws IOException {
        byte[] header = new byte[GLOBAL_HEADER];
        int got = in.readNBytes(header, 0, GLOBAL_HEADER);
        if (got < GLOBAL_HEADER) {
            c.stop(got, "the file of " + got + " bytes is shorter than a pcap header (24 bytes)");
            return;
        }
        ByteBuffer h = ByteBuffer.wrap(header);
        int magic = h.getInt(0);
        ByteOrder order;
        boolean nanos;
        switch (magic) {
            case MAGIC_MICROS -> {
                order = ByteOrder.BIG_ENDIAN;
                nanos = false;
            }
            case MAGIC_MICROS_SWAPPED -> {
                order = ByteOrder.LITTLE_ENDIAN;
                nanos = false;
            }
            case MAGIC_NANOS -> {
                order = ByteOrder.BIG_ENDIAN;
                nanos = true;
            }
            case MAGIC_NANOS_SWAPPED -> {
                order = ByteOrder.LITTLE_ENDIAN;
                nanos = true;
            }
            default -> {
                c.stop(got + drain(in), String.format("not a pcap file: magic number 0x%08x", magic));
                return;
            }
        }
        h.order(order);
        c.headerBytes += GLOBAL_HEADER;
        long snapLength = h.getInt(16) & 0xFFFFFFFFL;
        // The low 16 bits are the link type; the high ones may tell how long a trailing FCS is,
        // which the IDS reads past like padding.
        int linkType = h.getInt(20) & 0xFFFF;
        long limit = Math.min(MAX_RECORD, snapLength == 0 ? MAX_RECORD : Math.max(snapLength, 65_535));
        byte[] recordHeader = new byte[RECORD_HEADER];
        ByteBuffer r = ByteBuffer.wrap(recordHeader).order(order);
        byte[] frame = new byte[65_536];
        for (long record = 0; ; record++) {
            got = in.readNBytes(recordHeader, 0, RECORD_HEADER);
            if (got == 0) {
                return;
            }
            if (got < RECORD_HEADER) {
                c.stop(got, "record " + record + ": its header is cut short after " + got + " of 16 bytes");
                return;
            }
            long seconds = r.getInt(0) & 0xFFFFFFFFL;
            long fraction = r.getInt(4) & 0xFFFFFFFFL;
            long captured = r.getInt(8) & 0xFFFFFFFFL;
            if (captured > limit) {
                c.stop(got + drain(in), "record " + record + ": captured length " + captured + " is impossible (limit "
                        + limit + "); the rest of the file is not read");
                return;
            }
            int length = (int) captured;
            if (length > frame.length) {
                frame = new byte[length];
            }
            int body = in.readNBytes(frame, 0, length);
            if (body < length) {
                c.stop(got + body, "record " + record + ": cut short after " + body + " of " + length + " bytes");
                return;
            }
            if (!LinkType.analyzed(linkType)) {
                c.skip(got + body, LinkType.notAnalyzed(linkType));
                continue;
            }
            c.headerBytes += got;
            c.frameBytes += body;
            c.frames++;
            if (!sink.frame(frame, length, seconds * 1_000_000_000L + (nanos ? fraction : fraction * 1000), linkType)) {
                c.stop(0, "the analysis stopped reading at record " + (record + 1));
                return;
            }
        }
    }

    /** Reads the rest of the stream, returning how many bytes it had. */
    static long drain(InputStream in) throws IOException {
        return in.transferTo(OutputStream.nullOutputStream());
    }
}
