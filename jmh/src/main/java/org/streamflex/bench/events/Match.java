package org.streamflex.bench.events;

import org.streamflex.Capsule;

/** A complete transaction: all three event types seen, and the times of the first and last. */
public final class Match extends Capsule {
    public long txn;
    public long firstMicros;
    public long lastMicros;

    private Match() {
    }
}
