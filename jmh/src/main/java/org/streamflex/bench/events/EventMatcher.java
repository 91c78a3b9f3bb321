package org.streamflex.bench.events;

import org.streamflex.Channel;
import org.streamflex.Filter;

/**
 * Puts transactions together: an open-addressing table in stable arrays, keyed by transaction
 * number, holds which types each open transaction has shown and its first and last times; when
 * the third type arrives the entry leaves the table (backward-shift deletion, no tombstones) and
 * a {@link Match} goes out.
 */
public final class EventMatcher extends Filter {
    static final int SLOTS = 512;
    private static final long EMPTY = -1;

    private Channel<Event> in;
    private Channel<Match> out;
    private final long[] keys = new long[SLOTS];
    private final int[] seen = new int[SLOTS];
    private final long[] first = new long[SLOTS];
    private final long[] last = new long[SLOTS];
    private int open;
    public long tableFull;

    public EventMatcher() {
        java.util.Arrays.fill(keys, EMPTY);
    }

    @Override
    public void work() {
        while (in.size() > 0) {
            Event e = in.take();
            int slot = find(e.txn);
            if (keys[slot] == EMPTY) {
                if (open == SLOTS - 1) {
                    tableFull++;
                    continue;
                }
                keys[slot] = e.txn;
                seen[slot] = 0;
                first[slot] = e.timeMicros;
                open++;
            }
            seen[slot] |= 1 << e.type;
            last[slot] = e.timeMicros;
            if (seen[slot] == EventCreator.ALL_TYPES) {
                Match m = makeCapsule(Match.class);
                m.txn = e.txn;
                m.firstMicros = first[slot];
                m.lastMicros = last[slot];
                out.put(m);
                remove(slot);
            }
        }
    }

    private int find(long txn) {
        int slot = (int) ((txn * 0x9E3779B97F4A7C15L) >>> 55) & (SLOTS - 1);
        while (keys[slot] != EMPTY && keys[slot] != txn) {
            slot = (slot + 1) & (SLOTS - 1);
        }
        return slot;
    }

    private void remove(int slot) {
        open--;
        int hole = slot;
        int next = (hole + 1) & (SLOTS - 1);
        while (keys[next] != EMPTY) {
            int home = (int) ((keys[next] * 0x9E3779B97F4A7C15L) >>> 55) & (SLOTS - 1);
            // Move the entry back into the hole if its probe sequence passes the hole.
            if (((next - home) & (SLOTS - 1)) >= ((next - hole) & (SLOTS - 1))) {
                keys[hole] = keys[next];
                seen[hole] = seen[next];
                first[hole] = first[next];
                last[hole] = last[next];
                hole = next;
            }
            next = (next + 1) & (SLOTS - 1);
        }
        keys[hole] = EMPTY;
    }
}
