package org.streamflex.bench.events;

import org.streamflex.Channel;
import org.streamflex.Filter;
import org.streamflex.TimeChannel;

/**
 * Makes the real-time event stream of the paper's transaction-tracking scenario (section 7.4):
 * {@value #PER_RELEASE} events per release, each of one of three types for one of {@value
 * #ACTIVE} open transactions chosen at random, so that the three events of a transaction arrive
 * interleaved with others' and in any order. A transaction whose three events are out is replaced
 * by a new one. All state is in stable fields.
 */
public final class EventCreator extends Filter {
    public static final int ACTIVE = 64;
    public static final int PER_RELEASE = 16;
    static final int ALL_TYPES = 0b111;

    private TimeChannel timer;
    private Channel<Event> out;
    private final long[] txn = new long[ACTIVE];
    private final int[] emitted = new int[ACTIVE];
    private long nextTxn;
    private long random = EventRandom.SEED;

    public EventCreator() {
        for (int i = 0; i < ACTIVE; i++) {
            txn[i] = nextTxn++;
        }
    }

    @Override
    public void work() {
        long now = timer.getTime();
        for (int k = 0; k < PER_RELEASE; k++) {
            random = EventRandom.next(random);
            int slot = EventRandom.slot(random, ACTIVE);
            int type = EventRandom.missingType(random, emitted[slot]);
            Event e = makeCapsule(Event.class);
            e.type = type;
            e.txn = txn[slot];
            e.timeMicros = now + k;
            out.put(e);
            emitted[slot] |= 1 << type;
            if (emitted[slot] == ALL_TYPES) {
                emitted[slot] = 0;
                txn[slot] = nextTxn++;
            }
        }
    }
}
