package org.streamflex.samples.ids;

import java.nio.ByteBuffer;

/** IPv4 frames for tests, behind any of the link layers the reader reads. */
final class TestFrames {
    static final int SRC = 0xC0A80001;
    static final int DST = 0xC0A80002;

    private TestFrames() {
    }

    /** An IPv4 packet (no link layer): a fragment of {@code payload} bytes at {@code offset}. */
    static byte[] ipv4(int id, int protocol, boolean more, int offset, int payload) {
        ByteBuffer b = ByteBuffer.allocate(20 + payload);
        b.put((byte) 0x45).put((byte) 0).putShort((short) (20 + payload)).putShort((short) id)
                .putShort((short) ((more ? 0x2000 : 0) | offset / 8)).put((byte) 64).put((byte) protocol)
                .putShort((short) 0).putInt(SRC).putInt(DST);
        return b.array();
    }

    /** {@code ip} in an Ethernet frame with one 802.1Q tag per entry of {@code vlans} (802.1ad for the outer ones). */
    static byte[] ethernet(byte[] ip, int... vlans) {
        ByteBuffer b = ByteBuffer.allocate(14 + 4 * vlans.length + ip.length);
        b.put(new byte[] {2, 0, 0, 0, 0, 1, 2, 0, 0, 0, 0, 2});
        for (int i = 0; i < vlans.length; i++) {
            b.putShort((short) (i < vlans.length - 1 ? 0x88A8 : 0x8100)).putShort((short) vlans[i]);
        }
        return b.putShort((short) 0x0800).put(ip).array();
    }

    /** {@code ip} behind a Linux cooked v1 header, as {@code tcpdump -i any} wrote it before libpcap 1.10. */
    static byte[] sll(byte[] ip) {
        ByteBuffer b = ByteBuffer.allocate(16 + ip.length);
        b.putShort((short) 0).putShort((short) 1).putShort((short) 6).put(new byte[] {2, 0, 0, 0, 0, 1, 0, 0})
                .putShort((short) 0x0800);
        return b.put(ip).array();
    }

    /** {@code ip} behind a Linux cooked v2 header, as {@code tcpdump -i any} writes it since libpcap 1.10. */
    static byte[] sll2(byte[] ip) {
        ByteBuffer b = ByteBuffer.allocate(20 + ip.length);
        b.putShort((short) 0x0800).putShort((short) 0).putInt(2).putShort((short) 1).put((byte) 0).put((byte) 6)
                .put(new byte[] {2, 0, 0, 0, 0, 1, 0, 0});
        return b.put(ip).array();
    }
}
