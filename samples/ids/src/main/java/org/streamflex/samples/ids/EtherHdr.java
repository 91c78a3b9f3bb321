package org.streamflex.samples.ids;

import org.streamflex.Capsule;

/**
 * A captured frame as it travels through the IDS, with what the filters learn about it. Frames
 * that are not IPv4 travel as this class; IPv4 ones as {@link IpHdr} and its subclasses. The
 * header hierarchy follows the paper's. The link layer is Ethernet or a Linux cooked header
 * ({@link #linkType}); VLAN tags are read past, and the first one's id is kept.
 */
public class EtherHdr extends Capsule {
    public static final short TYPE_IPV4 = 0x0800;

    public static final int NO_VLAN = -1;

    /** The destination MAC address; zero in a Linux cooked capture, which does not record it. */
    public final byte[] dst = new byte[6];
    /** The source MAC address (a cooked capture's link-layer address: its first 6 bytes). */
    public final byte[] src = new byte[6];
    /** The frame's {@link LinkType}. */
    public int linkType;
    /** The protocol of the network layer, after any VLAN tags (0x0800 for IPv4). */
    public short etherType;
    /** The 12-bit id of the outermost VLAN tag, or {@link #NO_VLAN}. */
    public int vlanId;
    /** Bytes captured of the frame. */
    public int capturedLength;
    /** Capture time, nanoseconds since the epoch. */
    public long timestampNanos;
    /** Caught by one of the filters (trusted or an attack). */
    public boolean filtered;
    /** Which filter's rule caught it: one of the {@code BY_} codes. */
    public int filteredBy;
    /** The frame's headers are cut short or impossible. */
    public boolean malformed;

    public static final int BY_NONE = 0;
    public static final int BY_TRUST = 1;
    public static final int BY_VSIP = 2;
    public static final int BY_TEARDROP = 3;
    /** {@link TearDrop}'s other rule: a fragment that ends past IPv4's largest datagram (ping of death). */
    public static final int BY_OVERSIZE = 4;

    protected EtherHdr() {
    }
}
