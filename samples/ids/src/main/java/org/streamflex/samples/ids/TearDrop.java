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
 * <p>It also catches the ping of death: a fragment that ends past the largest datagram IPv4 can
 * carry, 65,535 bytes with the smallest header ({@link #endsPastLargestDatagram}). Reassembled, it
 * overflowed the buffers of old stacks. It goes to {@code fail} as {@link EtherHdr#BY_OVERSIZE} and
 * is not kept, as Suricata's defragmenter ignores it (its event {@code ipv4.frag_pkt_too_large});
 * the datagram's other fragments are judged without it.
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
            if (p instanceof IpHdr ip && !ip.malformed && ip.isFragment()) {
                if (endsPastLargestDatagram(ip)) {
                    caught(p, EtherHdr.BY_OVERSIZE);
                    continue;
                }
                if (table.step(ip) == FragmentTable.CONFLICT) {
                    caught(p, EtherHdr.BY_TEARDROP);
                    continue;
                }
            }
            out.put(p);
        }
    }

    private void caught(EtherHdr p, int rule) {
        p.filtered = true;
        p.filteredBy = rule;
        fail.put(p);
    }

    /**
     * Whether fragment {@code ip} ends past the largest datagram IPv4 can carry: its offset and data
     * after a header of 20 bytes, the smallest (the datagram's header is its first fragment's, which
     * may not have arrived), beyond 65,535 bytes.
     */
    static boolean endsPastLargestDatagram(IpHdr ip) {
        return IpHdr.MIN_HEADER + ip.fragmentOffset + ip.payloadLength() > IpHdr.MAX_DATAGRAM;
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
