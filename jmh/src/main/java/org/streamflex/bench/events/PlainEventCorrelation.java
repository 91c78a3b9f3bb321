package org.streamflex.bench.events;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The plain-Java variant of the transaction-tracking scenario, as the paper's: the same logic,
 * with every event, partial transaction and statistic an ordinary heap object (records, a {@code
 * HashMap} with boxed keys, lists), so that it makes garbage as ordinary Java code does. Driven
 * once per period by {@link #release(long)}.
 */
public final class PlainEventCorrelation {
    record PlainEvent(int type, long txn, long timeMicros) {
    }

    record PlainMatch(long txn, long firstMicros, long lastMicros) {
    }

    static final class Partial {
        int seen;
        long first;
        long last;
    }

    /** How many recent spreads the summarizer keeps, for percentiles on demand. */
    static final int KEPT_SPREADS = 100_000;

    private final long[] txn = new long[EventCreator.ACTIVE];
    private final int[] emitted = new int[EventCreator.ACTIVE];
    private long nextTxn;
    private long random = EventRandom.SEED;
    private final Map<Long, Partial> open = new HashMap<>();
    private final ArrayDeque<Long> spreads = new ArrayDeque<>();
    public long transactions;
    public long spreadSum;
    public long spreadMax;

    public PlainEventCorrelation() {
        for (int i = 0; i < EventCreator.ACTIVE; i++) {
            txn[i] = nextTxn++;
        }
    }

    /** One period: create the events, match them, summarize the matches. */
    public void release(long nowMicros) {
        summarize(match(create(nowMicros)));
    }

    private List<PlainEvent> create(long now) {
        List<PlainEvent> events = new ArrayList<>();
        for (int k = 0; k < EventCreator.PER_RELEASE; k++) {
            random = EventRandom.next(random);
            int slot = EventRandom.slot(random, EventCreator.ACTIVE);
            int type = EventRandom.missingType(random, emitted[slot]);
            events.add(new PlainEvent(type, txn[slot], now + k));
            emitted[slot] |= 1 << type;
            if (emitted[slot] == EventCreator.ALL_TYPES) {
                emitted[slot] = 0;
                txn[slot] = nextTxn++;
            }
        }
        return events;
    }

    private List<PlainMatch> match(List<PlainEvent> events) {
        List<PlainMatch> matches = new ArrayList<>();
        for (PlainEvent e : events) {
            Partial p = open.computeIfAbsent(e.txn(), k -> {
                Partial fresh = new Partial();
                fresh.first = e.timeMicros();
                return fresh;
            });
            p.seen |= 1 << e.type();
            p.last = e.timeMicros();
            if (p.seen == EventCreator.ALL_TYPES) {
                matches.add(new PlainMatch(e.txn(), p.first, p.last));
                open.remove(e.txn());
            }
        }
        return matches;
    }

    private void summarize(List<PlainMatch> matches) {
        for (PlainMatch m : matches) {
            long spread = m.lastMicros() - m.firstMicros();
            transactions++;
            spreadSum += spread;
            spreadMax = Math.max(spreadMax, spread);
            spreads.addLast(spread);
            if (spreads.size() > KEPT_SPREADS) {
                spreads.removeFirst();
            }
        }
    }
}
