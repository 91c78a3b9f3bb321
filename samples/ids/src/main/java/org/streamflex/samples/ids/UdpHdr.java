package org.streamflex.samples.ids;

/** A UDP datagram. */
public final class UdpHdr extends IpHdr {
    public int srcPort;
    public int dstPort;

    private UdpHdr() {
    }
}
