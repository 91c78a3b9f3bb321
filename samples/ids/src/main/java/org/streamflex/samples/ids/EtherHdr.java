package org.streamflex.samples.ids;

import org.streamflex.Capsule;

/**
 * An Ethernet frame as it travels through the IDS, with what the filters learn about it. Frames
 * that are not IPv4 travel as this class; IPv4 ones as {@link IpHdr} and its subclasses. The
 * header hierarchy follows the paper's.
 */
public class EtherHdr extends Capsule {
    public static final int ETH_LEN = 14;
    public static final short TYPE_IPV4 = 0x0800;

    public final byte[] dst = new byte[6];
    public final byte[] src = new byte[6];
    public short etherType;
    /** Bytes captured of the frame. */
    public int capturedLength;
    /** Capture time, nanoseconds since the epoch. */
    public long timestampNanos;
    /** Caught by one of the filters (trusted or an attack). */
    public boolean filtered;
    /** Which filter caught it: one of the {@code BY_} codes. */
    public int filteredBy;
    /** The frame's headers are cut short or impossible. */
    public boolean malformed;

    public static final int BY_NONE = 0;
    public static final int BY_TRUST = 1;
    public static final int BY_VSIP = 2;
    public static final int BY_TEARDROP = 3;

    protected EtherHdr() {
    }
}
