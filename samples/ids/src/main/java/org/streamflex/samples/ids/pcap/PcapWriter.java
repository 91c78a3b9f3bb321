package org.streamflex.samples.ids.pcap;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Writes classic libpcap files, in either byte order, with microsecond or nanosecond timestamps,
 * and libpcap's snap length of 262,144 bytes.
 *
 * <pre>{@code
 * try (PcapWriter w = new PcapWriter(out, ByteOrder.LITTLE_ENDIAN, false, LinkType.ETHERNET)) {
 *     w.write(frame, frame.length, timestampNanos);
 * }
 * }</pre>
 */
public final class PcapWriter implements AutoCloseable {
    private final OutputStream out;
    private final ByteOrder order;
    private final boolean nanos;

    public PcapWriter(OutputStream out, ByteOrder order, boolean nanos, int linkType) throws IOException {
        this.out = out;
        this.order = order;
        this.nanos = nanos;
        ByteBuffer h = ByteBuffer.allocate(PcapReader.GLOBAL_HEADER).order(order);
        h.putInt(nanos ? 0xA1B23C4D : 0xA1B2C3D4).putShort((short) 2).putShort((short) 4).putInt(0).putInt(0)
                .putInt(PcapReader.MAX_RECORD).putInt(linkType);
        out.write(h.array());
    }

    public void write(byte[] frame, int length, long timestampNanos) throws IOException {
        long seconds = timestampNanos / 1_000_000_000L;
        long fraction = timestampNanos % 1_000_000_000L;
        ByteBuffer r = ByteBuffer.allocate(PcapReader.RECORD_HEADER).order(order);
        r.putInt((int) seconds).putInt((int) (nanos ? fraction : fraction / 1000)).putInt(length).putInt(length);
        out.write(r.array());
        out.write(frame, 0, length);
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
