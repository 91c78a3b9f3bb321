package org.streamflex.samples.ids.pcap;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Writes pcapng blocks as the specification lays them out, for tests that need what no tool
 * writes: big-endian sections, odd timestamp units, damaged blocks.
 */
@SuppressWarnings("ByteBufferBackingArray") // every buffer here is made by buffer(n): ByteBuffer.allocate
final class PcapngWriter {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private ByteOrder order = ByteOrder.LITTLE_ENDIAN;

    /** A section header block of version {@code major.minor} in {@code order}; later blocks use it. */
    PcapngWriter section(ByteOrder order, int major, int minor) {
        this.order = order;
        ByteBuffer body = buffer(16).putInt(PcapngReader.BYTE_ORDER_MAGIC).putShort((short) major)
                .putShort((short) minor).putLong(-1);
        return block(PcapngReader.SECTION_HEADER, body.array());
    }

    PcapngWriter section(ByteOrder order) {
        return section(order, 1, 0);
    }

    /** An interface description; {@code tsresol} and {@code tsoffset} are options, left out if null. */
    PcapngWriter iface(int linkType, int snapLength, Integer tsresol, Long tsoffset) {
        ByteBuffer body = buffer(8 + 8 + 16 + 4).putShort((short) linkType).putShort((short) 0).putInt(snapLength);
        if (tsresol != null) {
            body.putShort((short) PcapngReader.IF_TSRESOL).putShort((short) 1).put((byte) (int) tsresol)
                    .put(new byte[3]);
        }
        if (tsoffset != null) {
            body.putShort((short) PcapngReader.IF_TSOFFSET).putShort((short) 8).putLong(tsoffset);
        }
        body.putInt(0); // opt_endofopt
        return block(PcapngReader.INTERFACE_DESCRIPTION, slice(body));
    }

    PcapngWriter iface(int linkType) {
        return iface(linkType, 0, null, null);
    }

    /** An enhanced packet block with the whole frame captured. */
    PcapngWriter epb(int iface, long ticks, byte[] frame) {
        ByteBuffer body = buffer(20 + frame.length).putInt(iface).putInt((int) (ticks >>> 32)).putInt((int) ticks)
                .putInt(frame.length).putInt(frame.length).put(frame);
        return block(PcapngReader.ENHANCED_PACKET, body.array());
    }

    /** The obsolete packet block, with a 16-bit interface id and a drop count. */
    PcapngWriter obsolete(int iface, long ticks, byte[] frame) {
        ByteBuffer body = buffer(20 + frame.length).putShort((short) iface).putShort((short) 0)
                .putInt((int) (ticks >>> 32)).putInt((int) ticks).putInt(frame.length).putInt(frame.length).put(frame);
        return block(PcapngReader.OBSOLETE_PACKET, body.array());
    }

    /** A simple packet block: no interface (always the first), no time, no captured length. */
    PcapngWriter spb(byte[] frame, int originalLength) {
        ByteBuffer body = buffer(4 + frame.length).putInt(originalLength).put(frame);
        return block(PcapngReader.SIMPLE_PACKET, body.array());
    }

    /** Any block: the body padded to 4 bytes, framed by the total length twice. */
    PcapngWriter block(int type, byte[] body) {
        int padded = (body.length + 3) & ~3;
        ByteBuffer b = buffer(12 + padded).putInt(type).putInt(12 + padded).put(body);
        b.position(8 + padded);
        b.putInt(12 + padded);
        out.writeBytes(b.array());
        return this;
    }

    /** Raw bytes, for damage no block writer makes. */
    PcapngWriter raw(byte[] bytes) {
        out.writeBytes(bytes);
        return this;
    }

    byte[] bytes() {
        return out.toByteArray();
    }

    private ByteBuffer buffer(int n) {
        return ByteBuffer.allocate(n).order(order);
    }

    private static byte[] slice(ByteBuffer b) {
        byte[] a = new byte[b.position()];
        System.arraycopy(b.array(), 0, a, 0, a.length);
        return a;
    }
}
