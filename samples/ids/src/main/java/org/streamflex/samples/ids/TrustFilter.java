package org.streamflex.samples.ids;

import org.streamflex.Atomic;
import org.streamflex.Channel;
import org.streamflex.Filter;

/**
 * Passes packets from trusted networks straight to {@code ok}: they need no further analysis.
 * The trusted prefixes can be changed from plain Java while the graph runs ({@link #trust}).
 */
public final class TrustFilter extends Filter {
    static final int MAX_PREFIXES = 16;
    private Channel<EtherHdr> in;
    private Channel<EtherHdr> out;
    private Channel<EtherHdr> ok;
    private final int[] networks = new int[MAX_PREFIXES];
    private final int[] masks = new int[MAX_PREFIXES];
    private int prefixes;

    /** Made by the graph (makeFilter), which the runtime does reflectively. */
    private TrustFilter() {
    }

    /**
     * Trusts packets whose source address is in {@code network/prefixLength}.
     *
     * @return false if {@value #MAX_PREFIXES} prefixes are trusted already
     */
    @Atomic
    public boolean trust(int network, int prefixLength) {
        if (prefixes == MAX_PREFIXES || prefixLength < 0 || prefixLength > 32) {
            return false;
        }
        int mask = prefixLength == 0 ? 0 : -1 << (32 - prefixLength);
        networks[prefixes] = network & mask;
        masks[prefixes] = mask;
        prefixes++;
        return true;
    }

    @Override
    public void work() {
        while (in.size() > 0) {
            EtherHdr p = in.take();
            if (p instanceof IpHdr ip && !ip.malformed && trusted(ip.srcAddr)) {
                p.filtered = true;
                p.filteredBy = EtherHdr.BY_TRUST;
                ok.put(p);
            } else {
                out.put(p);
            }
        }
    }

    private boolean trusted(int address) {
        for (int i = 0; i < prefixes; i++) {
            if ((address & masks[i]) == networks[i]) {
                return true;
            }
        }
        return false;
    }
}
