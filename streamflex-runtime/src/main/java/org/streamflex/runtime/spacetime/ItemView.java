package org.streamflex.runtime.spacetime;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * A read-only view of an item's off-heap bytes, from a get: valid until {@link #release()} (or
 * {@link #close()}, so that try-with-resources releases it). While a view is unreleased the item's
 * memory is never reused, even if every connection has consumed it and the collector has passed
 * it; the last release of a dead item returns its memory to the pool.
 *
 * <p>Lifetime rules: a view belongs to the code that got it, which releases it exactly once; a
 * read after the release, or a second release, throws {@link ItemReleasedException} (the memory
 * may hold another item by then). Releasing is not consuming: the item stays open on its
 * connection until consumed. Closing the space invalidates every view (reads then throw
 * {@link IllegalStateException} from the memory API).
 *
 * <pre>{@code
 * try (ItemView frame = in.get(Wildcard.LATEST_UNSEEN, 100, TimeUnit.MILLISECONDS)) {
 *     byte[] pixels = frame.toByteArray();
 *     in.consumeUntil(frame.timestamp());
 * }
 * }</pre>
 *
 * <p>Not thread-safe: a view is used by one thread at a time (hand it over with a happens-before
 * edge, as any object).
 */
public final class ItemView implements AutoCloseable {
    /** The ticket of a channel item, which has none. */
    public static final long NO_TICKET = -1;
    private final SpaceTime space;
    private final StoredItem item;
    private final String where;
    private boolean released;

    ItemView(SpaceTime space, StoredItem item, String where) {
        this.space = space;
        this.item = item;
        this.where = where;
    }

    /** The item's timestamp. Valid after release. */
    public long timestamp() {
        return item.timestamp;
    }

    /** The item's ticket in its queue, or {@link #NO_TICKET} for a channel item. Valid after release. */
    public long ticket() {
        return item.ticket;
    }

    /** The item's size in bytes. Valid after release. */
    public long byteSize() {
        return item.payload.byteSize();
    }

    public byte getByte(long offset) {
        return live().get(ValueLayout.JAVA_BYTE, offset);
    }

    public int getInt(long offset) {
        return live().get(ValueLayout.JAVA_INT_UNALIGNED, offset);
    }

    public long getLong(long offset) {
        return live().get(ValueLayout.JAVA_LONG_UNALIGNED, offset);
    }

    /** Copies {@code bytes} bytes from {@code offset} of the item to {@code dst} at {@code dstOffset}. */
    public void copyTo(long offset, MemorySegment dst, long dstOffset, long bytes) {
        MemorySegment.copy(live(), offset, dst, dstOffset, bytes);
    }

    /** The item's bytes, copied to the heap. */
    public byte[] toByteArray() {
        return live().toArray(ValueLayout.JAVA_BYTE);
    }

    /**
     * The viewed item, for a put that shares its slot, if it is {@code of}'s (else null: the put
     * copies); only while the view is not released.
     */
    StoredItem item(SpaceTime of) {
        var _ = live();
        return of == space ? item : null;
    }

    /** The item's memory, for a copy straight out of it; only while the view is not released. */
    MemorySegment live() {
        if (released) {
            throw new ItemReleasedException("the view of the item at timestamp " + item.timestamp + " from " + where
                    + " was read after its release; get the item again");
        }
        return item.payload;
    }

    /**
     * Gives the view up; the item's memory is reclaimed once it is also dead.
     *
     * @throws ItemReleasedException if the view was already released
     */
    public void release() {
        if (released) {
            throw new ItemReleasedException("the view of the item at timestamp " + item.timestamp + " from " + where
                    + " was released twice");
        }
        released = true;
        space.release(item);
    }

    /** {@link #release()}; a no-op on a released view, so that try-with-resources may follow an explicit release. */
    @Override
    public void close() {
        if (!released) {
            release();
        }
    }
}
