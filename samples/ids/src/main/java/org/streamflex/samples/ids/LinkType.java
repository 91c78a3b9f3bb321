package org.streamflex.samples.ids;

/**
 * The link types the IDS reads (tcpdump.org's {@code LINKTYPE_} numbers, as pcap and pcapng
 * files name them), and where each puts the protocol of the network layer.
 *
 * <pre>{@code
 * if (LinkType.analyzed(linkType)) {
 *     reader.write(frame, length, nanos, linkType);
 * }
 * }</pre>
 */
public final class LinkType {
    /** Ethernet II frames, 802.1Q and 802.1ad tags included. */
    public static final int ETHERNET = 1;
    /** Linux cooked capture v1 ({@code tcpdump -i any} before libpcap 1.10): a 16-byte header. */
    public static final int LINUX_SLL = 113;
    /** Linux cooked capture v2 ({@code tcpdump -i any} since libpcap 1.10): a 20-byte header. */
    public static final int LINUX_SLL2 = 276;

    private LinkType() {
    }

    /** Whether the IDS analyzes frames of {@code linkType}. */
    public static boolean analyzed(int linkType) {
        return linkType == ETHERNET || linkType == LINUX_SLL || linkType == LINUX_SLL2;
    }

    /** Bytes of the link-layer header, where the network layer starts (VLAN tags aside), or -1 if not analyzed. */
    static int headerLength(int linkType) {
        return switch (linkType) {
            case ETHERNET -> 14;
            case LINUX_SLL -> 16;
            case LINUX_SLL2 -> 20;
            default -> -1;
        };
    }

    /** Where the 16-bit protocol (an EtherType) sits in the link-layer header, or -1 if not analyzed. */
    static int protocolOffset(int linkType) {
        return switch (linkType) {
            case ETHERNET -> 12;
            case LINUX_SLL -> 14;
            case LINUX_SLL2 -> 0;
            default -> -1;
        };
    }

    /** Why frames of {@code linkType} are skipped, for messages. */
    public static String notAnalyzed(int linkType) {
        return describe(linkType) + " is not analyzed (the IDS reads " + describe(ETHERNET) + ", "
                + describe(LINUX_SLL) + " and " + describe(LINUX_SLL2) + ")";
    }

    /** A name for messages: "Ethernet (1)", or "link type 105" for the ones not analyzed. */
    public static String describe(int linkType) {
        return switch (linkType) {
            case ETHERNET -> "Ethernet (1)";
            case LINUX_SLL -> "Linux cooked v1 (113)";
            case LINUX_SLL2 -> "Linux cooked v2 (276)";
            default -> "link type " + linkType;
        };
    }
}
