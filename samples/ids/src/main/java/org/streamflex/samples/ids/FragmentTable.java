package org.streamflex.samples.ids;

import org.streamflex.Stable;

/**
 * The teardrop detector's memory, all of it allocated when the graph is built: one tracker per
 * IPv4 datagram being fragmented, keyed by (source, destination, protocol, id, VLAN), holding the
 * byte ranges of the fragments seen. It answers, per fragment, whether it conflicts with a
 * fragment of the same datagram seen before, whatever order they came in.
 *
 * <p>Bounded as Snort's frag3 and Suricata's defrag are: at most {@code trackers} datagrams at once
 * (Suricata's {@code defrag.trackers}), at most {@code fragmentsPerDatagram} ranges kept per
 * datagram, and a datagram is forgotten {@code timeoutNanos} of capture time after its latest
 * fragment (frag3's and Suricata's {@code timeout}, refreshed by each fragment as Suricata does). A
 * datagram whose fragments cover it from 0 to the end its last fragment gives is complete and is
 * forgotten at once, as a reassembler hands it on: a later fragment with the same id starts a new
 * datagram (ids wrap around on fast links). What the bounds make it give up is counted.
 *
 * <pre>{@code
 * FragmentTable table = new FragmentTable(4096, 64, 60_000_000_000L, seed);
 * if (table.step(ip) == FragmentTable.CONFLICT) { ... }   // ip: an IpHdr with isFragment()
 * }</pre>
 */
public final class FragmentTable implements Stable {
    /** The fragment's range was kept: no conflict. */
    public static final int KEPT = 0;
    /** The fragment repeats one seen before, byte range and last-fragment flag alike: benign. */
    public static final int DUPLICATE = 1;
    /** The fragment conflicts with one seen before: the teardrop attack. */
    public static final int CONFLICT = 2;
    /** No conflict with what is kept, but the datagram holds its maximum of ranges: not kept. */
    public static final int NOT_KEPT = 3;
    /** A fragment without data: nothing to compare or keep. */
    public static final int EMPTY = 4;

    private static final int NONE = -1;
    private static final int UNKNOWN = -1;

    private final int perDatagram;
    private final long timeoutNanos;
    private final int seed;
    // The key of each tracker, and where its hash puts it in the index.
    private final int[] src;
    private final int[] dst;
    private final int[] idAndProtocol;
    private final int[] vlan;
    private final int[] home;
    // What each tracker knows of its datagram.
    private final long[] lastSeen;
    private final int[] kept;
    private final int[] covered;
    private final int[] end;
    private final int[] furthest;
    private final boolean[] conflicted;
    // Tracker t keeps its ranges, sorted and disjoint, at [t * perDatagram, t * perDatagram + kept[t]).
    private final int[] starts;
    private final int[] ends;
    // Trackers in use from most (head) to least (tail) recently active; free ones chained by next.
    private final int[] newer;
    private final int[] older;
    private int head = NONE;
    private int tail = NONE;
    private int free;
    // Open addressing with linear probing, at most half full; a slot holds tracker + 1, or 0.
    private final int[] slots;
    private final int mask;
    /** The latest capture time seen: time never goes back, whatever order timestamps come in. */
    private long now = Long.MIN_VALUE;
    private int tracked;

    long duplicates;
    long reassembled;
    long expired;
    long evicted;
    long notKept;
    long conflictingDatagrams;

    /**
     * @param trackers datagrams tracked at once, at least 1
     * @param fragmentsPerDatagram ranges kept per datagram, at least 1
     * @param timeoutNanos capture time after a datagram's latest fragment when it is forgotten
     * @param seed mixed into the hash, so that no one can choose keys that collide
     */
    public FragmentTable(int trackers, int fragmentsPerDatagram, long timeoutNanos, int seed) {
        perDatagram = fragmentsPerDatagram;
        this.timeoutNanos = timeoutNanos;
        this.seed = seed;
        src = new int[trackers];
        dst = new int[trackers];
        idAndProtocol = new int[trackers];
        vlan = new int[trackers];
        home = new int[trackers];
        lastSeen = new long[trackers];
        kept = new int[trackers];
        covered = new int[trackers];
        end = new int[trackers];
        furthest = new int[trackers];
        conflicted = new boolean[trackers];
        starts = new int[trackers * fragmentsPerDatagram];
        ends = new int[trackers * fragmentsPerDatagram];
        newer = new int[trackers];
        older = new int[trackers];
        for (int t = 0; t < trackers; t++) {
            older[t] = t + 1 < trackers ? t + 1 : NONE;
        }
        free = 0;
        int size = Integer.highestOneBit(Math.max(2, trackers) - 1) << 2;
        slots = new int[size];
        mask = size - 1;
    }

    /** Records fragment {@code ip} of its datagram: {@link #KEPT}, {@link #CONFLICT} or another outcome. */
    public int step(IpHdr ip) {
        if (ip.timestampNanos > now) {
            now = ip.timestampNanos;
        }
        expire();
        int start = ip.fragmentOffset;
        int stop = start + ip.payloadLength();
        if (stop <= start) {
            return EMPTY;
        }
        int key = ip.id << 8 | ip.protocol;
        int h = hash(ip.srcAddr, ip.dstAddr, key, ip.vlanId);
        int t = find(h, ip.srcAddr, ip.dstAddr, key, ip.vlanId);
        if (t == NONE) {
            t = open(h, ip.srcAddr, ip.dstAddr, key, ip.vlanId);
        } else {
            unlink(t);
            linkNewest(t);
        }
        lastSeen[t] = now;
        return record(t, start, stop, !ip.moreFragments);
    }

    private int record(int t, int start, int stop, boolean last) {
        int base = t * perDatagram;
        int n = kept[t];
        // The first kept range ending after start: ranges are disjoint, so ends are sorted too.
        int lo = base;
        int hi = base + n;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (ends[mid] > start) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        if (lo < base + n && starts[lo] < stop) {
            boolean sameRange = starts[lo] == start && ends[lo] == stop;
            boolean keptIsLast = end[t] == ends[lo];
            if (sameRange && keptIsLast == last) {
                duplicates++;
                return DUPLICATE;
            }
            return conflict(t);
        }
        // Claims on where the datagram ends must agree with every range, in either order.
        if ((end[t] != UNKNOWN && (stop > end[t] || (last && stop != end[t]))) || (last && furthest[t] > stop)) {
            return conflict(t);
        }
        if (n == perDatagram) {
            notKept++;
            return NOT_KEPT;
        }
        System.arraycopy(starts, lo, starts, lo + 1, base + n - lo);
        System.arraycopy(ends, lo, ends, lo + 1, base + n - lo);
        starts[lo] = start;
        ends[lo] = stop;
        kept[t] = n + 1;
        covered[t] += stop - start;
        furthest[t] = Math.max(furthest[t], stop);
        if (last) {
            end[t] = stop;
        }
        // Disjoint ranges within [0, end) adding up to end cover it: the datagram is whole.
        if (end[t] != UNKNOWN && covered[t] == end[t]) {
            reassembled++;
            release(t);
        }
        return KEPT;
    }

    private int conflict(int t) {
        if (!conflicted[t]) {
            conflicted[t] = true;
            conflictingDatagrams++;
        }
        return CONFLICT;
    }

    /** Forgets the datagrams whose latest fragment is older than the timeout. */
    private void expire() {
        // now never goes below a tracker's lastSeen, so the unsigned difference is the true one.
        while (tail != NONE && Long.compareUnsigned(now - lastSeen[tail], timeoutNanos) > 0) {
            expired++;
            release(tail);
        }
    }

    private int open(int h, int s, int d, int key, int v) {
        if (free == NONE) {
            evicted++; // the table is full: the least recently active datagram is given up
            release(tail);
        }
        int t = free;
        free = older[t];
        tracked++;
        src[t] = s;
        dst[t] = d;
        idAndProtocol[t] = key;
        vlan[t] = v;
        home[t] = h & mask;
        kept[t] = 0;
        covered[t] = 0;
        end[t] = UNKNOWN;
        furthest[t] = 0;
        conflicted[t] = false;
        int i = home[t];
        while (slots[i] != 0) {
            i = (i + 1) & mask;
        }
        slots[i] = t + 1;
        linkNewest(t);
        return t;
    }

    private int find(int h, int s, int d, int key, int v) {
        for (int i = h & mask; slots[i] != 0; i = (i + 1) & mask) {
            int t = slots[i] - 1;
            if (src[t] == s && dst[t] == d && idAndProtocol[t] == key && vlan[t] == v) {
                return t;
            }
        }
        return NONE;
    }

    /** Takes tracker {@code t} out of the index and the activity list, and frees it. */
    private void release(int t) {
        int i = home[t];
        while (slots[i] != t + 1) {
            i = (i + 1) & mask;
        }
        // Backward-shift deletion: later entries of the probe run move up, so no tombstones pile up.
        slots[i] = 0;
        for (int j = (i + 1) & mask; slots[j] != 0; j = (j + 1) & mask) {
            int k = home[slots[j] - 1];
            boolean movable = i <= j ? k <= i || k > j : k <= i && k > j;
            if (movable) {
                slots[i] = slots[j];
                slots[j] = 0;
                i = j;
            }
        }
        unlink(t);
        older[t] = free;
        free = t;
        tracked--;
    }

    private void linkNewest(int t) {
        newer[t] = NONE;
        older[t] = head;
        if (head != NONE) {
            newer[head] = t;
        }
        head = t;
        if (tail == NONE) {
            tail = t;
        }
    }

    private void unlink(int t) {
        if (newer[t] != NONE) {
            older[newer[t]] = older[t];
        } else {
            head = older[t];
        }
        if (older[t] != NONE) {
            newer[older[t]] = newer[t];
        } else {
            tail = newer[t];
        }
    }

    private int hash(int s, int d, int key, int v) {
        int h = seed;
        h = (h ^ s) * 0x9E3779B1;
        h = (h ^ d) * 0x85EBCA77;
        h = (h ^ key) * 0xC2B2AE3D;
        h = (h ^ v) * 0x27D4EB2F;
        h ^= h >>> 15;
        h *= 0x165667B1;
        return h ^ h >>> 16;
    }

    /** Datagrams tracked now. */
    public int tracked() {
        return tracked;
    }
}
