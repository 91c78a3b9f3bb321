package org.streamflex.samples.ids;

import org.streamflex.Channel;
import org.streamflex.Filter;
import org.streamflex.FilterEvent;

/** Statistics of the whole analysis, from what the filters wrote on the packets. */
public final class PacketDumper extends Filter {
    /** A frame the reader could not parse: counted here and in the graph's counters, for JMX and JFR. */
    private static final FilterEvent MALFORMED = FilterEvent.named("malformed-frame");
    private Channel<EtherHdr> in;
    public long packets;
    public long bytes;
    public long trusted;
    public long tinyFragments;
    public long teardrops;
    /** Fragments ending past IPv4's largest datagram: the ping of death. */
    public long oversizeFragments;
    public long malformed;
    public long notIpv4;
    /** The capture times and catching filters of the first {@value #KEPT} caught packets, for checks. */
    public static final int KEPT = 8192;
    private final long[] caughtTimes = new long[KEPT];
    private final int[] caughtBy = new int[KEPT];
    public int caughtKept;

    /** Made by the graph (makeFilter), which the runtime does reflectively. */
    private PacketDumper() {
    }

    @Override
    public void work() {
        while (in.size() > 0) {
            EtherHdr p = in.take();
            packets++;
            bytes += p.capturedLength;
            if (p.malformed) {
                malformed++;
                raise(MALFORMED);
            } else if (!(p instanceof IpHdr)) {
                notIpv4++;
            }
            if (p.filtered && caughtKept < KEPT) {
                caughtTimes[caughtKept] = p.timestampNanos;
                caughtBy[caughtKept++] = p.filteredBy;
            }
            switch (p.filteredBy) {
                case EtherHdr.BY_TRUST -> trusted++;
                case EtherHdr.BY_VSIP -> tinyFragments++;
                case EtherHdr.BY_TEARDROP -> teardrops++;
                case EtherHdr.BY_OVERSIZE -> oversizeFragments++;
                default -> {
                }
            }
        }
    }

    /** Capture time of caught packet {@code i} (< {@link #caughtKept}). */
    public long caughtTime(int i) {
        return caughtTimes[i];
    }

    /** Which filter caught packet {@code i}: an {@code EtherHdr.BY_} code. */
    public int caughtBy(int i) {
        return caughtBy[i];
    }
}
