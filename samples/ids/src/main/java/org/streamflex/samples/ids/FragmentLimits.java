package org.streamflex.samples.ids;

/**
 * The bounds of the teardrop detector's memory ({@link FragmentTable}), set on the command line
 * with {@code --frag-trackers}, {@code --frag-fragments} and {@code --frag-timeout}.
 *
 * <pre>{@code
 * Intrusion ids = new Intrusion(80, new FragmentLimits(8192, 64, 30));
 * }</pre>
 *
 * @param trackers datagrams tracked at once; the least recently active one is given up (and
 *     counted) to make room. Default 4,096: the table then takes 2.3 MB, within Snort frag3's
 *     default memcap of 4 MB and Linux's 4 MB {@code ipfrag_high_thresh}; Suricata's default of
 *     65,535 trackers would take 37 MB here
 * @param fragmentsPerDatagram fragment ranges kept per datagram; further fragments are checked
 *     against those kept but not kept (and counted). Default 64: FreeBSD's stack keeps 16 per
 *     datagram ({@code net.inet.ip.maxfragsperpacket}), OpenBSD's pf 64 per 4,096 bytes of
 *     datagram ({@code PF_FRAG_ENTRY_LIMIT}), and a 65,535-byte datagram over a 1,500-byte MTU
 *     is 45 fragments
 * @param timeoutSeconds capture time after a datagram's latest fragment when it is forgotten.
 *     Default 60, the timeout of both frag3 and Suricata, and longer than the 30 s a Linux host
 *     waits (RFC 791 suggests 15): any fragments a host could still put together are compared
 */
public record FragmentLimits(int trackers, int fragmentsPerDatagram, int timeoutSeconds) {
    public static final FragmentLimits DEFAULT = new FragmentLimits(4096, 64, 60);
    public static final int MAX_TRACKERS = 1 << 20;
    /** A 65,535-byte datagram has at most this many fragments (8 bytes each, but the last). */
    public static final int MAX_FRAGMENTS = 8192;
    /** Suricata's upper bound on its timeout: one day. */
    public static final int MAX_TIMEOUT_SECONDS = 86_400;
    /** Ranges kept at most, all trackers together: 128 MiB of them. */
    public static final long MAX_RANGES = 1L << 24;

    /**
     * Limits checked against their bounds.
     *
     * @throws IllegalArgumentException naming the option and its bounds
     */
    public FragmentLimits {
        check("--frag-trackers", trackers, 1, MAX_TRACKERS);
        check("--frag-fragments", fragmentsPerDatagram, 1, MAX_FRAGMENTS);
        check("--frag-timeout", timeoutSeconds, 1, MAX_TIMEOUT_SECONDS);
        if ((long) trackers * fragmentsPerDatagram > MAX_RANGES) {
            throw new IllegalArgumentException("--frag-trackers " + trackers + " times --frag-fragments "
                    + fragmentsPerDatagram + " is more than " + MAX_RANGES
                    + " fragment ranges (128 MiB): lower one of them");
        }
    }

    private static void check(String option, int value, int min, int max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(option + " must be from " + min + " to " + max + ", not " + value);
        }
    }

    public long timeoutNanos() {
        return timeoutSeconds * 1_000_000_000L;
    }
}
