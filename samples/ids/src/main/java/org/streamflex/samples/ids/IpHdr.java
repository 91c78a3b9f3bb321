package org.streamflex.samples.ids;

/** An IPv4 packet: the fields of its header the IDS reads. A fragment after the first travels as this class. */
public class IpHdr extends EtherHdr {
    public static final int PROTO_TCP = 6;
    public static final int PROTO_UDP = 17;
    /** The smallest IPv4 header, in bytes: no options. */
    public static final int MIN_HEADER = 20;
    /** The largest IPv4 datagram, header included, in bytes: its total length is 16 bits. */
    public static final int MAX_DATAGRAM = 65_535;

    public int headerLength;
    public int totalLength;
    public int id;
    public boolean moreFragments;
    /** Fragment offset in bytes. */
    public int fragmentOffset;
    public int protocol;
    public int srcAddr;
    public int dstAddr;

    protected IpHdr() {
    }

    /** Bytes of IP payload (after the IP header) this fragment carries. */
    public int payloadLength() {
        return totalLength - headerLength;
    }

    public boolean isFragment() {
        return moreFragments || fragmentOffset > 0;
    }
}
