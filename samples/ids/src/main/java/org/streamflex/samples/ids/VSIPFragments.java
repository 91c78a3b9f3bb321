package org.streamflex.samples.ids;

import org.streamflex.Channel;
import org.streamflex.Filter;

/**
 * Catches first fragments of TCP datagrams too small to hold a TCP header (20 bytes): the tiny
 * fragment attack, which hides the TCP flags from packet filters (RFC 1858).
 */
public final class VSIPFragments extends Filter {
    static final int TCP_HEADER = 20;
    private Channel<EtherHdr> in;
    private Channel<EtherHdr> out;
    private Channel<EtherHdr> fail;

    /** Made by the graph (makeFilter), which the runtime does reflectively. */
    private VSIPFragments() {
    }

    @Override
    public void work() {
        while (in.size() > 0) {
            EtherHdr p = in.take();
            if (p instanceof IpHdr ip && !ip.malformed && ip.protocol == IpHdr.PROTO_TCP && ip.fragmentOffset == 0
                    && ip.moreFragments && ip.payloadLength() < TCP_HEADER) {
                p.filtered = true;
                p.filteredBy = EtherHdr.BY_VSIP;
                fail.put(p);
            } else {
                out.put(p);
            }
        }
    }
}
