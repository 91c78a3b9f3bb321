package org.streamflex.samples.ids;

import org.streamflex.Atomic;
import org.streamflex.Borrow;
import org.streamflex.Channel;
import org.streamflex.Filter;
import org.streamflex.TimeChannel;

/**
 * Turns raw frames into header capsules (the paper's Figure 15). Plain Java feeds it through
 * {@link #write}; each release parses up to {@code perRelease} whole records from its stable
 * buffer. A release that finds no record counts an underrun.
 *
 * <p>It reads Ethernet and Linux cooked (v1, v2) link layers, reads past any number of 802.1Q and
 * 802.1ad VLAN tags (an attacker must not hide IPv4 behind one more tag than it looks at), and
 * makes the most specific capsule: a TCP or UDP header for first fragments, an IP header for
 * later ones, an {@link EtherHdr} otherwise.
 */
public final class PacketReader extends Filter {
    private static final int VLAN_TAG = 4;
    @SuppressWarnings("UnusedVariable") // the clock releases the reader through it; work() does not read the time
    private TimeChannel timer;
    private Channel<EtherHdr> out;
    private final PacketBuffer buffer = new PacketBuffer();
    private int perRelease = 64;
    public long underruns;
    public long packets;

    /** Made by the graph (makeFilter), which the runtime does reflectively. */
    private PacketReader() {
    }

    void perRelease(int n) {
        perRelease = n;
    }

    /**
     * Appends one Ethernet frame of {@code length} bytes captured at {@code timestampNanos}.
     *
     * @return 1 if taken, 0 if the buffer is full now (try again), -1 if the frame can never fit
     */
    @Atomic
    public int write(@Borrow byte[] frame, int length, long timestampNanos) {
        return buffer.append(frame, length, timestampNanos, LinkType.ETHERNET);
    }

    /**
     * Appends one frame of {@code length} bytes of {@code linkType} (a {@link LinkType}) captured
     * at {@code timestampNanos}. A link type the reader does not analyze arrives as malformed.
     *
     * @return 1 if taken, 0 if the buffer is full now (try again), -1 if the frame can never fit
     */
    @Atomic
    public int write(@Borrow byte[] frame, int length, long timestampNanos, int linkType) {
        return buffer.append(frame, length, timestampNanos, linkType);
    }

    /**
     * Appends several frames at once, already framed as this reader stores them: per frame a
     * 4-byte big-endian length, an 8-byte big-endian capture time in nanoseconds, a 2-byte
     * big-endian link type, then the bytes. One call can carry up to the buffer's 256 KiB, so a
     * feeder keeps up at short periods.
     *
     * @return 1 if taken, 0 if the buffer has no room now (try again), -1 if {@code length} bytes
     *     of {@code records} are not whole records or can never fit
     */
    @Atomic
    public int writeRecords(@Borrow byte[] records, int length) {
        if (!PacketBuffer.framed(records, length)) {
            return -1;
        }
        return buffer.appendRecords(records, length);
    }

    /**
     * For benchmarks, before the graph starts or between driver steps: makes the frames written so
     * far readable again, from the first.
     *
     * @return false if the buffer has wrapped (the first frames are gone)
     */
    public boolean replay() {
        return buffer.rewind();
    }

    @Override
    public void work() {
        int read = 0;
        while (read < perRelease && readPacket()) {
            read++;
        }
        if (read == 0) {
            underruns++;
        }
        packets += read;
    }

    /** Reads one whole record into a capsule; false if no whole record is there. */
    private boolean readPacket() {
        buffer.startRead();
        if (buffer.available() < PacketBuffer.RECORD_HEADER) {
            buffer.abortRead();
            return false;
        }
        int length = buffer.u32(0);
        long time = buffer.u64(4);
        int linkType = buffer.u16(12);
        if (buffer.available() < PacketBuffer.RECORD_HEADER + length) {
            buffer.abortRead();
            return false;
        }
        buffer.advance(PacketBuffer.RECORD_HEADER);
        out.put(parse(length, time, linkType));
        buffer.advance(length);
        buffer.commitRead();
        return true;
    }

    /** Parses the frame at the read position; the buffer holds all {@code length} bytes. */
    private EtherHdr parse(int length, long time, int linkType) {
        int net = LinkType.headerLength(linkType);
        if (net < 0 || length < net) {
            return frame(makeCapsule(EtherHdr.class), length, time, linkType, 0, EtherHdr.NO_VLAN, true);
        }
        int etherType = buffer.u16(LinkType.protocolOffset(linkType));
        int vlan = EtherHdr.NO_VLAN;
        while (etherType == 0x8100 || etherType == 0x88A8 || etherType == 0x9100) {
            if (length < net + VLAN_TAG) {
                return frame(makeCapsule(EtherHdr.class), length, time, linkType, etherType, vlan, true);
            }
            if (vlan == EtherHdr.NO_VLAN) {
                vlan = buffer.u16(net) & 0x0FFF;
            }
            etherType = buffer.u16(net + 2);
            net += VLAN_TAG;
        }
        if (etherType != (EtherHdr.TYPE_IPV4 & 0xFFFF)) {
            return frame(makeCapsule(EtherHdr.class), length, time, linkType, etherType, vlan, false);
        }
        int versionAndIhl = length > net ? buffer.at(net) : 0;
        int headerLength = (versionAndIhl & 0x0F) * 4;
        if (versionAndIhl >> 4 != 4 || headerLength < IpHdr.MIN_HEADER || length < net + headerLength) {
            return frame(makeCapsule(EtherHdr.class), length, time, linkType, etherType, vlan, true);
        }
        int captured = length - net;
        int total = buffer.u16(net + 2);
        int fragment = buffer.u16(net + 6);
        int protocol = buffer.at(net + 9);
        int offset = (fragment & 0x1FFF) * 8;
        boolean more = (fragment & 0x2000) != 0;
        if (total == 0 && !more && offset == 0) {
            // Segmentation offload (Linux's BIG TCP): a packet larger than 65,535 bytes says 0 and
            // is as long as what was captured, as Wireshark reads it. A fragment never is.
            total = captured;
        }
        boolean impossible = total < headerLength || total > captured;
        int transport = net + headerLength;
        int payload = impossible ? 0 : total - headerLength;
        IpHdr ip;
        if (!impossible && offset == 0 && protocol == IpHdr.PROTO_TCP) {
            TcpHdr tcp = makeCapsule(TcpHdr.class);
            tcp.srcPort = payload >= 2 ? buffer.u16(transport) : -1;
            tcp.dstPort = payload >= 4 ? buffer.u16(transport + 2) : -1;
            tcp.seq = payload >= 8 ? buffer.u32(transport + 4) : 0;
            tcp.flags = payload >= 14 ? buffer.at(transport + 13) : 0;
            ip = tcp;
        } else if (!impossible && offset == 0 && protocol == IpHdr.PROTO_UDP && payload >= 4) {
            UdpHdr udp = makeCapsule(UdpHdr.class);
            udp.srcPort = buffer.u16(transport);
            udp.dstPort = buffer.u16(transport + 2);
            ip = udp;
        } else {
            ip = makeCapsule(IpHdr.class);
        }
        frame(ip, length, time, linkType, etherType, vlan, impossible);
        ip.headerLength = headerLength;
        ip.totalLength = total;
        ip.id = buffer.u16(net + 4);
        ip.moreFragments = more;
        ip.fragmentOffset = offset;
        ip.protocol = protocol;
        ip.srcAddr = buffer.u32(net + 12);
        ip.dstAddr = buffer.u32(net + 16);
        return ip;
    }

    private EtherHdr frame(EtherHdr p, int length, long time, int linkType, int etherType, int vlan,
            boolean malformed) {
        // Ethernet has both MAC addresses; a cooked header has the sender's link-layer address only.
        int dstAt = linkType == LinkType.ETHERNET ? 0 : -1;
        int srcAt = switch (linkType) {
            case LinkType.ETHERNET -> 6;
            case LinkType.LINUX_SLL -> 6;
            case LinkType.LINUX_SLL2 -> 12;
            default -> -1;
        };
        for (int i = 0; i < 6; i++) {
            p.dst[i] = dstAt >= 0 && length > dstAt + i ? (byte) buffer.at(dstAt + i) : 0;
            p.src[i] = srcAt >= 0 && length > srcAt + i ? (byte) buffer.at(srcAt + i) : 0;
        }
        p.linkType = linkType;
        p.etherType = (short) etherType;
        p.vlanId = vlan;
        p.capturedLength = length;
        p.timestampNanos = time;
        p.filtered = false;
        p.filteredBy = EtherHdr.BY_NONE;
        p.malformed = malformed;
        return p;
    }
}
