package org.streamflex.samples.ids;

import org.streamflex.Channel;
import org.streamflex.Filter;

/** Catches overlapping IP fragments (the paper's Figure 13), with its automaton in stable memory. */
public final class TearDrop extends Filter {
    private Channel<EtherHdr> in;
    private Channel<EtherHdr> out;
    private Channel<EtherHdr> fail;
    private final TearMatcher matcher = new TearMatcher();

    @Override
    public void work() {
        while (in.size() > 0) {
            EtherHdr p = in.take();
            if (p instanceof IpHdr ip && !ip.malformed && ip.isFragment() && matcher.step(ip)) {
                p.filtered = true;
                p.filteredBy = EtherHdr.BY_TEARDROP;
                fail.put(p);
            } else {
                out.put(p);
            }
        }
    }
}
