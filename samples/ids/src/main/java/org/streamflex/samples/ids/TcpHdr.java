package org.streamflex.samples.ids;

/** A TCP segment (or the first fragment of one, whose TCP header may be cut short). */
public final class TcpHdr extends IpHdr {
    public int srcPort;
    public int dstPort;
    public int seq;
    public int flags;

    private TcpHdr() {
    }
}
