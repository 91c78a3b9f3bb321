package org.streamflex.samples.ids.pcap;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Reads classic libpcap files: both byte orders, microsecond and nanosecond timestamps. Bad input
 * never throws; it is counted, and every byte of the input ends up counted as a header byte, a
 * frame byte or a malformed byte:
 * <ul>
 *   <li>a file too short for the global header, or with an unknown magic number (pcapng
 *       included: not supported), is all malformed;
 *   <li>records of a link type other than Ethernet are skipped and counted (their bytes as
 *       malformed, since nothing analyzes them);
 *   <li>a record header cut short, a record whose captured length exceeds {@value
 *       #MAX_RECORD} bytes or the file's snap length, or a record cut short ends the file: the
 *       rest is malformed, because classic pcap has no marker to find the next record by.
 * </ul>
 *
 * <pre>{@code
 * PcapReader.Counts counts = PcapReader.read(in, (frame, length, nanos) -> feed(frame, length, nanos));
 * }</pre>
 */
public final class PcapReader {
    /** Largest record accepted, whatever the snap length says: larger is garbage. */
    public static final int MAX_RECORD = 262_144;
    static final int GLOBAL_HEADER = 24;
    static final int RECORD_HEADER = 16;
    static final int LINKTYPE_ETHERNET = 1;

    private PcapReader() {
    }

    /** Receives each good Ethernet frame; {@code frame} is reused after the call returns. */
    @FunctionalInterface
    public interface Sink {
        void frame(byte[] frame, int length, long timestampNanos) throws IOException;
    }

    /** What a read found. The three byte counts add up to {@code fileBytes}. */
    public static final class Counts {
        public long fileBytes;
        public long headerBytes;
        public long frameBytes;
        public long malformedBytes;
        public long frames;
        public long notEthernetRecords;
        /** Why reading stopped early or was refused, or null if the file was read to its end. */
        public String problem;

        @Override
        public String toString() {
            return frames + " frames (" + frameBytes + " bytes), " + malformedBytes + " malformed bytes, "
                    + notEthernetRecords + " non-Ethernet records" + (problem == null ? "" : "; " + problem);
        }
    }

    public static Counts read(InputStream in, Sink sink) throws IOException {
        Counts c = new Counts();
        byte[] header = new byte[GLOBAL_HEADER];
        int got = in.readNBytes(header, 0, GLOBAL_HEADER);
        c.fileBytes += got;
        if (got < GLOBAL_HEADER) {
            c.malformedBytes += got;
            c.problem = "file of " + got + " bytes is shorter than a pcap header (24 bytes)";
            return c;
        }
        ByteBuffer h = ByteBuffer.wrap(header);
        int magic = h.getInt(0);
        ByteOrder order;
        boolean nanos;
        switch (magic) {
            case 0xA1B2C3D4 -> { order = ByteOrder.BIG_ENDIAN; nanos = false; }
            case 0xD4C3B2A1 -> { order = ByteOrder.LITTLE_ENDIAN; nanos = false; }
            case 0xA1B23C4D -> { order = ByteOrder.BIG_ENDIAN; nanos = true; }
            case 0x4D3CB2A1 -> { order = ByteOrder.LITTLE_ENDIAN; nanos = true; }
            default -> {
                c.malformedBytes += got + drain(in, c);
                c.problem = magic == 0x0A0D0D0A ? "pcapng files are not supported: convert with editcap -F pcap"
                        : String.format("not a pcap file: magic number 0x%08x", magic);
                return c;
            }
        }
        h.order(order);
        c.headerBytes += GLOBAL_HEADER;
        long snapLength = h.getInt(16) & 0xFFFFFFFFL;
        int linkType = h.getInt(20);
        long limit = Math.min(MAX_RECORD, snapLength == 0 ? MAX_RECORD : Math.max(snapLength, 65_535));
        byte[] recordHeader = new byte[RECORD_HEADER];
        ByteBuffer r = ByteBuffer.wrap(recordHeader).order(order);
        byte[] frame = new byte[65_536];
        for (long record = 0; ; record++) {
            got = in.readNBytes(recordHeader, 0, RECORD_HEADER);
            c.fileBytes += got;
            if (got == 0) {
                return c;
            }
            if (got < RECORD_HEADER) {
                c.malformedBytes += got;
                c.problem = "record " + record + ": header cut short after " + got + " of 16 bytes";
                return c;
            }
            long seconds = r.getInt(0) & 0xFFFFFFFFL;
            long fraction = r.getInt(4) & 0xFFFFFFFFL;
            long captured = r.getInt(8) & 0xFFFFFFFFL;
            if (captured > limit) {
                c.malformedBytes += got + drain(in, c);
                c.problem = "record " + record + ": captured length " + captured + " is impossible (limit " + limit
                        + "); the rest of the file is not read";
                return c;
            }
            int length = (int) captured;
            if (length > frame.length) {
                frame = new byte[length];
            }
            int body = in.readNBytes(frame, 0, length);
            c.fileBytes += body;
            if (body < length) {
                c.malformedBytes += got + body;
                c.problem = "record " + record + ": cut short after " + body + " of " + length + " bytes";
                return c;
            }
            if (linkType != LINKTYPE_ETHERNET) {
                c.malformedBytes += got + body;
                c.notEthernetRecords++;
                if (c.problem == null) {
                    c.problem = "link type " + linkType + " is not Ethernet (1): its records are counted, not analyzed";
                }
                continue;
            }
            c.headerBytes += got;
            c.frameBytes += body;
            c.frames++;
            sink.frame(frame, length, seconds * 1_000_000_000L + (nanos ? fraction : fraction * 1000));
        }
    }

    private static long drain(InputStream in, Counts c) throws IOException {
        long n = in.transferTo(OutputStreamNull.INSTANCE);
        c.fileBytes += n;
        return n;
    }

    private static final class OutputStreamNull extends java.io.OutputStream {
        static final OutputStreamNull INSTANCE = new OutputStreamNull();

        @Override
        public void write(int b) {
        }

        @Override
        public void write(byte[] b, int off, int len) {
        }
    }
}
