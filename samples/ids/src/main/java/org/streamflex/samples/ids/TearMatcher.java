package org.streamflex.samples.ids;

import org.streamflex.Stable;

/**
 * The teardrop automaton, in stable memory: per datagram being fragmented (source, destination,
 * id, protocol) the end of the data its fragments have covered so far. A fragment that starts
 * before that end overlaps an earlier one: the teardrop attack. A fixed table, indexed by hash;
 * a datagram whose slot another one took is forgotten (its later fragments start afresh).
 */
public final class TearMatcher implements Stable {
    static final int SLOTS = 1024;
    private final int[] src = new int[SLOTS];
    private final int[] dst = new int[SLOTS];
    private final int[] idAndProtocol = new int[SLOTS];
    private final int[] end = new int[SLOTS];
    private final boolean[] used = new boolean[SLOTS];

    /** Records fragment {@code ip}; true if it overlaps data of its datagram seen before. */
    boolean step(IpHdr ip) {
        int key = ip.id << 8 | ip.protocol;
        int h = (ip.srcAddr * 31 + ip.dstAddr) * 31 + key;
        int slot = (h ^ h >>> 16) & (SLOTS - 1);
        int start = ip.fragmentOffset;
        int stop = start + ip.payloadLength();
        boolean same = used[slot] && src[slot] == ip.srcAddr && dst[slot] == ip.dstAddr && idAndProtocol[slot] == key;
        if (!same) {
            if (ip.moreFragments) {
                used[slot] = true;
                src[slot] = ip.srcAddr;
                dst[slot] = ip.dstAddr;
                idAndProtocol[slot] = key;
                end[slot] = stop;
            }
            // A last fragment of a datagram the table does not hold (its slot was taken by another)
            // leaves nothing behind: a stale entry would make a later datagram of the same id overlap.
            return false;
        }
        boolean overlap = start < end[slot];
        end[slot] = Math.max(end[slot], stop);
        if (!ip.moreFragments) {
            used[slot] = false; // the last fragment: the datagram is complete
        }
        return overlap;
    }
}
