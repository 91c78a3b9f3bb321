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
 */
public final class PacketReader extends Filter {
    private TimeChannel timer;
    private Channel<EtherHdr> out;
    private final PacketBuffer buffer = new PacketBuffer();
    private int perRelease = 64;
    public long underruns;
    public long packets;

    void perRelease(int n) {
        perRelease = n;
    }

    /**
     * Appends one frame of {@code length} bytes captured at {@code timestampNanos}.
     *
     * @return 1 if taken, 0 if the buffer is full now (try again), -1 if the frame can never fit
     */
    @Atomic
    public int write(@Borrow byte[] frame, int length, long timestampNanos) {
        return buffer.append(frame, length, timestampNanos);
    }

    /**
     * Appends several frames at once, already framed as this reader stores them: per frame a
     * 2-byte big-endian length, an 8-byte big-endian capture time in nanoseconds, then the bytes.
     * One call can carry up to the buffer's 256 KiB, so a feeder keeps up at short periods.
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
        int length = buffer.u16(0);
        long time = buffer.u64(2);
        if (buffer.available() < PacketBuffer.RECORD_HEADER + length) {
            buffer.abortRead();
            return false;
        }
        buffer.advance(PacketBuffer.RECORD_HEADER);
        out.put(parse(length, time));
        buffer.advance(length);
        buffer.commitRead();
        return true;
    }

    /** Parses the frame at the read position; the buffer holds all {@code length} bytes. */
    private EtherHdr parse(int length, long time) {
        if (length < EtherHdr.ETH_LEN) {
            return frame(makeCapsule(EtherHdr.class), length, time, true);
        }
        int etherType = buffer.u16(12);
        if (etherType != (EtherHdr.TYPE_IPV4 & 0xFFFF)) {
            return frame(makeCapsule(EtherHdr.class), length, time, false);
        }
        int versionAndIhl = length > EtherHdr.ETH_LEN ? buffer.at(14) : 0;
        int headerLength = (versionAndIhl & 0x0F) * 4;
        if (versionAndIhl >> 4 != 4 || headerLength < 20 || length < EtherHdr.ETH_LEN + headerLength) {
            return frame(makeCapsule(EtherHdr.class), length, time, true);
        }
        int total = buffer.u16(16);
        int fragment = buffer.u16(20);
        int protocol = buffer.at(23);
        int offset = (fragment & 0x1FFF) * 8;
        boolean impossible = total < headerLength || total > length - EtherHdr.ETH_LEN;
        int transport = EtherHdr.ETH_LEN + headerLength;
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
        frame(ip, length, time, impossible);
        ip.headerLength = headerLength;
        ip.totalLength = total;
        ip.id = buffer.u16(18);
        ip.moreFragments = (fragment & 0x2000) != 0;
        ip.fragmentOffset = offset;
        ip.protocol = protocol;
        ip.srcAddr = buffer.u32(26);
        ip.dstAddr = buffer.u32(30);
        return ip;
    }

    private EtherHdr frame(EtherHdr p, int length, long time, boolean malformed) {
        for (int i = 0; i < 6; i++) {
            p.dst[i] = length > i ? (byte) buffer.at(i) : 0;
            p.src[i] = length > 6 + i ? (byte) buffer.at(6 + i) : 0;
        }
        p.etherType = length >= EtherHdr.ETH_LEN ? (short) buffer.u16(12) : 0;
        p.capturedLength = length;
        p.timestampNanos = time;
        p.filtered = false;
        p.filteredBy = EtherHdr.BY_NONE;
        p.malformed = malformed;
        return p;
    }
}
