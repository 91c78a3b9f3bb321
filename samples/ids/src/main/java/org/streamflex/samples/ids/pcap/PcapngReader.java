package org.streamflex.samples.ids.pcap;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import org.streamflex.samples.ids.LinkType;

/**
 * Reads pcapng, the format Wireshark, tshark and dumpcap write by default: sections (each with its
 * own byte order), interface descriptions (each with its own link type, snap length, timestamp
 * resolution and offset), and enhanced, simple and obsolete packet blocks; other blocks (name
 * resolution, statistics, secrets, custom) are metadata and read past. Every byte is counted as
 * pcap's are ({@link CaptureCounts}):
 * <ul>
 *   <li>a block whose length is impossible (under 12 bytes, not a multiple of 4, over
 *       {@value #MAX_BLOCK} bytes), whose trailing copy of its length differs, or that is cut
 *       short ends the read, the rest malformed: the next block cannot be found;
 *   <li>a block whose framing holds but whose content is impossible (a captured length beyond
 *       its block, an interface never described) is counted damaged and read past;
 *   <li>packets of link types the IDS does not read, of interfaces with a timestamp unit finer
 *       than it can convert, and frames over {@value PcapReader#MAX_RECORD} bytes are skipped.
 * </ul>
 * A simple packet block carries no time: it takes the time of the packet before it. {@link
 * CaptureFile} opens files and calls it.
 */
final class PcapngReader {
    static final int SECTION_HEADER = 0x0A0D0D0A;
    static final int INTERFACE_DESCRIPTION = 1;
    static final int OBSOLETE_PACKET = 2;
    static final int SIMPLE_PACKET = 3;
    static final int ENHANCED_PACKET = 6;
    static final int BYTE_ORDER_MAGIC = 0x1A2B3C4D;
    static final int OPTION_END = 0;
    static final int IF_TSRESOL = 9;
    static final int IF_TSOFFSET = 14;
    /** Longest block read past; pcapng itself allows 4 GiB, which only damage produces. */
    static final int MAX_BLOCK = 16 << 20;
    /** Blocks parsed are read whole: a frame of the largest size plus 64 KiB of fields and options. */
    static final int MAX_PARSED_BLOCK = PcapReader.MAX_RECORD + 65_536;
    /** Interfaces described per section at most: one more is damaged. */
    static final int MAX_INTERFACES = 65_536;
    private static final int BLOCK_OVERHEAD = 12;

    /** One interface of the current section; {@code unusable} says why its packets are skipped, if they are. */
    private record Interface(int linkType, long snapLength, TimestampResolution resolution, long offsetSeconds,
            String unusable) {
    }

    private final InputStream in;
    private final FrameSink sink;
    private final CaptureCounts c;
    private final List<Interface> interfaces = new ArrayList<>();
    private final byte[] header = new byte[12];
    private final ByteBuffer head = ByteBuffer.wrap(header);
    private byte[] body = new byte[64 * 1024];
    private byte[] frame = new byte[64 * 1024];
    private ByteBuffer b = ByteBuffer.wrap(body);
    private ByteOrder order = ByteOrder.BIG_ENDIAN;
    private long lastTime;
    private long block;
    private long section = -1;

    PcapngReader(InputStream in, FrameSink sink, CaptureCounts c) {
        this.in = in;
        this.sink = sink;
        this.c = c;
    }

    void read() throws IOException {
        for (block = 0; ; block++) {
            int got = in.readNBytes(header, 0, 8);
            if (got == 0) {
                return;
            }
            if (got < 8) {
                c.stop(got, "block " + block + ": its header is cut short after " + got + " of 8 bytes");
                return;
            }
            int type = head.order(ByteOrder.BIG_ENDIAN).getInt(0); // a section header's type reads the same both ways
            int headerBytes = 8;
            if (type == SECTION_HEADER) {
                got = in.readNBytes(header, 8, 4);
                headerBytes += got;
                if (got < 4) {
                    c.stop(headerBytes, "block " + block + ": a section header cut short after " + headerBytes
                            + " bytes");
                    return;
                }
                int magic = head.getInt(8);
                if (magic == BYTE_ORDER_MAGIC) {
                    order = ByteOrder.BIG_ENDIAN;
                } else if (Integer.reverseBytes(magic) == BYTE_ORDER_MAGIC) {
                    order = ByteOrder.LITTLE_ENDIAN;
                } else {
                    c.stop(headerBytes + PcapReader.drain(in), String.format("block %d: a section header with the"
                            + " byte-order magic 0x%08x, not 0x1a2b3c4d either way; the rest of the file is not read",
                            block, magic));
                    return;
                }
            }
            head.order(order);
            type = head.getInt(0);
            long length = head.getInt(4) & 0xFFFFFFFFL;
            long minimum = type == SECTION_HEADER ? 28 : BLOCK_OVERHEAD;
            if (length < minimum || length % 4 != 0 || length > MAX_BLOCK) {
                c.stop(headerBytes + PcapReader.drain(in), "block " + block + String.format(" (type 0x%x)", type)
                        + ": length " + length + " is impossible; the rest of the file is not read");
                return;
            }
            if (!readBlock(type, (int) length, headerBytes)) {
                return;
            }
        }
    }

    /** Reads the rest of a block whose first {@code read} bytes are in {@code header}; false if reading ends. */
    private boolean readBlock(int type, int length, int read) throws IOException {
        boolean parsed = type == SECTION_HEADER || type == INTERFACE_DESCRIPTION || type == ENHANCED_PACKET
                || type == SIMPLE_PACKET || type == OBSOLETE_PACKET;
        if (!parsed || length > MAX_PARSED_BLOCK) {
            return readPast(type, length, read);
        }
        if (body.length < length) {
            body = new byte[MAX_PARSED_BLOCK];
            b = ByteBuffer.wrap(body);
        }
        System.arraycopy(header, 0, body, 0, read);
        int got = in.readNBytes(body, read, length - read);
        if (got < length - read) {
            c.stop(read + got, "block " + block + ": cut short after " + (read + got) + " of " + length + " bytes");
            return false;
        }
        b.order(order);
        if (!trailerMatches(b.getInt(length - 4), length)) {
            return false;
        }
        return switch (type) {
            case SECTION_HEADER -> sectionHeader(length);
            case INTERFACE_DESCRIPTION -> interfaceDescription(length);
            case ENHANCED_PACKET -> packet(length, 28, length < 32 ? 0 : b.getInt(8) & 0xFFFFFFFFL, true);
            case OBSOLETE_PACKET -> packet(length, 28, length < 32 ? 0 : b.getShort(8) & 0xFFFF, true);
            default -> packet(length, 12, 0, false);
        };
    }

    /** Reads past a block the reader does not parse, or one too large to; false if reading ends. */
    private boolean readPast(int type, int length, int read) throws IOException {
        long rest = length - read - 4L;
        long got = skip(rest);
        int trailer = got == rest ? in.readNBytes(header, 0, 4) : 0;
        if (got + trailer < rest + 4) {
            c.stop(read + got + trailer, "block " + block + ": cut short after " + (read + got + trailer) + " of "
                    + length + " bytes");
            return false;
        }
        if (!trailerMatches(head.order(order).getInt(0), length)) {
            return false;
        }
        switch (type) {
            case SECTION_HEADER -> {
                // Its options are read past; the byte order came before them, and the version is not checked.
                newSection();
                c.headerBytes += length;
            }
            case INTERFACE_DESCRIPTION -> addUnusable(length, "block " + block + ": an interface description of "
                    + length + " bytes is too large to be one");
            case ENHANCED_PACKET, SIMPLE_PACKET, OBSOLETE_PACKET -> c.skip(length, "block " + block
                    + ": a packet block of " + length + " bytes holds more than the " + PcapReader.MAX_RECORD
                    + " bytes a frame can have");
            default -> c.headerBytes += length; // metadata: names, statistics, secrets, custom blocks
        }
        return true;
    }

    private boolean trailerMatches(int trailer, int length) throws IOException {
        if (trailer == length) {
            return true;
        }
        c.stop(length + PcapReader.drain(in), "block " + block + ": its trailing length " + (trailer & 0xFFFFFFFFL)
                + " differs from its length " + length + "; the rest of the file is not read");
        return false;
    }

    private boolean sectionHeader(int length) throws IOException {
        int major = b.getShort(12) & 0xFFFF;
        int minor = b.getShort(14) & 0xFFFF;
        if (major != 1) {
            c.stop(length + PcapReader.drain(in), "block " + block + ": a section of pcapng version " + major + "."
                    + minor + "; only version 1 is read, and the rest of the file is not");
            return false;
        }
        newSection();
        c.headerBytes += length;
        return true;
    }

    private void newSection() {
        section++;
        interfaces.clear();
    }

    private boolean interfaceDescription(int length) {
        int index = interfaces.size();
        String name = "interface " + index + " (block " + block + ")";
        if (index == MAX_INTERFACES) {
            c.damage(length, name + ": more than " + MAX_INTERFACES + " interfaces in one section");
            return true;
        }
        if (length < 20) {
            addUnusable(length, name + ": a description of " + length + " bytes is too short");
            return true;
        }
        int linkType = b.getShort(8) & 0xFFFF;
        long snapLength = b.getInt(12) & 0xFFFFFFFFL;
        TimestampResolution resolution = TimestampResolution.MICROSECONDS;
        long offsetSeconds = 0;
        int end = length - 4;
        for (int p = 16; p + 4 <= end; ) {
            int code = b.getShort(p) & 0xFFFF;
            int size = b.getShort(p + 2) & 0xFFFF;
            if (code == OPTION_END) {
                break;
            }
            if (p + 4 + size > end) {
                addUnusable(length, name + ": its options run past its block");
                return true;
            }
            if (code == IF_TSRESOL && size >= 1) {
                resolution = TimestampResolution.of(body[p + 4] & 0xFF);
                if (resolution == null) {
                    interfaces.add(new Interface(linkType, snapLength, null, 0, name + ": timestamp unit "
                            + String.format("0x%02x", body[p + 4] & 0xFF) + " is finer than 10^-18 or 2^-63 s"));
                    c.headerBytes += length;
                    return true;
                }
            } else if (code == IF_TSOFFSET && size >= 8) {
                offsetSeconds = b.getLong(p + 4);
            }
            p += 4 + ((size + 3) & ~3);
        }
        String unusable = LinkType.analyzed(linkType) ? null : name + ": " + LinkType.notAnalyzed(linkType);
        interfaces.add(new Interface(linkType, snapLength, resolution, offsetSeconds, unusable));
        c.headerBytes += length;
        return true;
    }

    /** A damaged interface description still takes its place: later packets name interfaces by index. */
    private void addUnusable(int length, String why) {
        interfaces.add(new Interface(0, 0, null, 0, why));
        c.damage(length, why);
    }

    /**
     * A packet block of {@code length} bytes whose data starts at {@code dataAt}; {@code timed}
     * blocks (enhanced, obsolete) carry a timestamp and a captured length, a simple one neither.
     */
    private boolean packet(int length, int dataAt, long interfaceId, boolean timed) {
        int room = length - 4 - dataAt;
        if (room < 0) {
            c.damage(length, "block " + block + ": a packet block of " + length + " bytes is too short for its fields");
            return true;
        }
        if (interfaceId >= interfaces.size()) {
            c.damage(length, "block " + block + ": a packet of interface " + interfaceId + ", which section " + section
                    + " does not describe (it has " + interfaces.size() + ")");
            return true;
        }
        Interface f = interfaces.get((int) interfaceId);
        long captured;
        if (timed) {
            captured = b.getInt(20) & 0xFFFFFFFFL;
        } else {
            long original = b.getInt(8) & 0xFFFFFFFFL;
            captured = Math.min(original, f.snapLength() == 0 ? room : Math.min(room, f.snapLength()));
        }
        if (captured > room) {
            c.damage(length, "block " + block + ": captured length " + captured + " runs past its block ("
                    + room + " bytes of room)");
            return true;
        }
        if (f.unusable() != null) {
            c.skip(length, f.unusable());
            return true;
        }
        if (captured > PcapReader.MAX_RECORD) {
            c.skip(length, "block " + block + ": a frame of " + captured + " bytes, over the "
                    + PcapReader.MAX_RECORD + " bytes a frame can have");
            return true;
        }
        if (timed) {
            long ticks = ((b.getInt(12) & 0xFFFFFFFFL) << 32) | (b.getInt(16) & 0xFFFFFFFFL);
            lastTime = f.resolution().toNanos(ticks) + f.offsetSeconds() * 1_000_000_000L;
        }
        int n = (int) captured;
        if (frame.length < n) {
            frame = new byte[PcapReader.MAX_RECORD];
        }
        System.arraycopy(body, dataAt, frame, 0, n);
        c.headerBytes += length - n;
        c.frameBytes += n;
        c.frames++;
        if (!sink.frame(frame, n, lastTime, f.linkType())) {
            c.stop(0, "the analysis stopped reading after block " + block);
            return false;
        }
        return true;
    }

    private long skip(long n) throws IOException {
        long done = 0;
        while (done < n) {
            int chunk = (int) Math.min(n - done, body.length);
            int got = in.readNBytes(body, 0, chunk);
            done += got;
            if (got < chunk) {
                break;
            }
        }
        return done;
    }
}
