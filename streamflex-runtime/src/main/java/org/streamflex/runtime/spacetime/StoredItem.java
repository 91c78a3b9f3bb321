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
    /**
     * The item whose slot this one shares (put from a view of it: {@link OutputConnection#put(long,
     * ItemView)}), or null if the slot is this item's own. Always an owner, never another sharer.
     */
    final StoredItem slotOwner;
    /** Items sharing this one's slot and not yet freed: the slot returns to the pool when they and this are. */
    int sharers;
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
        this.slotOwner = null;
        this.consumersLeft = consumers;
    }

    /**
     * An item whose bytes are {@code source}'s, in {@code source}'s slot: no copy, no slot of its
     * own. The caller counts it in the owner's {@link #sharers} once it is stored.
     */
    StoredItem(long timestamp, StoredItem source, int consumers) {
        this.timestamp = timestamp;
        this.ticket = ItemView.NO_TICKET;
        this.slotOwner = source.slotOwner == null ? source : source.slotOwner;
        this.slot = slotOwner.slot;
        this.payload = source.payload;
        this.consumersLeft = consumers;
    }

    long length() {
        return payload.byteSize();
    }
}
