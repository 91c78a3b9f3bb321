package org.streamflex.runtime.spacetime;

import java.lang.foreign.MemorySegment;

/**
 * One item of a channel or queue: its timestamp (and ticket, in a queue), its bytes in a pool
 * slot, and what keeps that slot alive. Every field is read and written under the space's lock.
 *
 * <p>An item dies ({@link #dead}) when the collector or its reference count says no connection
 * can get it any more; its slot goes back to the pool when it is dead and no {@link ItemView}
 * holds it ({@link #holds} is zero), which is the one place memory is freed ({@link SpaceTime}).
 */
final class StoredItem {
    final long timestamp;
    final long ticket;
    final MemorySegment slot;
    /** The item's bytes: the first {@code length} bytes of the slot. */
    final MemorySegment payload;
    /** Consumes still to come before the item dies, or {@link SpaceTime#UNKNOWN_CONSUMERS}. */
    int consumersLeft;
    /** Views not yet released. */
    int holds;
    boolean dead;
    boolean freed;

    StoredItem(long timestamp, long ticket, MemorySegment slot, long length, int consumers) {
        this.timestamp = timestamp;
        this.ticket = ticket;
        this.slot = slot;
        this.payload = slot.asSlice(0, length);
        this.consumersLeft = consumers;
    }

    long length() {
        return payload.byteSize();
    }
}
