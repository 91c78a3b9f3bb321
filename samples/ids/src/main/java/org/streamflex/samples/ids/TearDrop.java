package org.streamflex.samples.ids;

import org.streamflex.Channel;
import org.streamflex.Filter;

/**
 * Catches the teardrop attack (the paper's Figure 13): fragments of one IPv4 datagram that make
 * conflicting claims about its bytes. A fragment conflicts with one seen before if their byte
 * ranges overlap without being the same fragment again, or if they disagree on where the
 * datagram ends (a fragment past the end a last fragment gave, or two different last fragments).
 * Exact duplicates are benign and counted. Each conflicting fragment goes to {@code fail}; which
 * datagrams have one does not depend on the order the fragments arrive in.
 *
 * <p>Its memory is a {@link FragmentTable} in stable memory, sized by the graph's
 * {@link FragmentLimits} before the graph starts.
 */
public final class TearDrop extends Filter {
    private Channel<EtherHdr> in;
    private Channel<EtherHdr> out;
    private Channel<EtherHdr> fail;
    private FragmentTable table;

    /** Made by the graph (makeFilter), which the runtime does reflectively. */
    private TearDrop() {
    }

    /** Makes the table; the graph calls it once, before it starts. */
    void limits(int trackers, int fragmentsPerDatagram, long timeoutNanos, int seed) {
        table = new FragmentTable(trackers, fragmentsPerDatagram, timeoutNanos, seed);
    }

    @Override
    public void work() {
        while (in.size() > 0) {
            EtherHdr p = in.take();
            if (p instanceof IpHdr ip && !ip.malformed && ip.isFragment()
                    && table.step(ip) == FragmentTable.CONFLICT) {
                p.filtered = true;
                p.filteredBy = EtherHdr.BY_TEARDROP;
                fail.put(p);
            } else {
                out.put(p);
            }
        }
    }

    /** Datagrams with at least one conflicting fragment. */
    public long conflictingDatagrams() {
        return table.conflictingDatagrams;
    }

    /** Fragments that repeated one seen before exactly. */
    public long duplicates() {
        return table.duplicates;
    }

    /** Datagrams whose fragments all arrived, without conflict. */
    public long reassembled() {
        return table.reassembled;
    }

    /** Datagrams forgotten incomplete after the timeout (a fragment lost, or an attack's leftovers). */
    public long expired() {
        return table.expired;
    }

    /** Given up: incomplete datagrams forgotten early because all trackers were in use. */
    public long evicted() {
        return table.evicted;
    }

    /** Given up: fragments not kept because their datagram held its maximum of ranges. */
    public long fragmentsNotKept() {
        return table.notKept;
    }

    /** Datagrams tracked now. */
    public int tracked() {
        return table.tracked();
    }
}
