package org.streamflex.bench.events;

import org.streamflex.Capsule;

/** One event of a transaction: its type (0, 1 or 2), the transaction number and when it was seen. */
public final class Event extends Capsule {
    public int type;
    public long txn;
    public long timeMicros;

    private Event() {
    }
}
