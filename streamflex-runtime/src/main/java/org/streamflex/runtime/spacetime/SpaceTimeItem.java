package org.streamflex.runtime.spacetime;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.streamflex.Shared;

/**
 * A filter's view of a space-time item, from {@link SpaceTimeInput#get(Wildcard)} or
 * {@link SpaceTimeQueueInput#get()}: a shared value
 * ({@link Shared}), so the ownership checker's rules for shared values hold it (S1: not in a field
 * of a stable object, S2: not escaping {@code work()}, S3: never retained or released by hand).
 * The {@code work()} that got it holds one reference, released when it returns; to keep the item
 * across releases, add it to a {@link org.streamflex.SharedQueue}, which holds its own. While any
 * reference is held the item's memory is never reused, even after every connection consumed it
 * and the collector passed it. Consuming is not releasing: a consumed item stays readable until
 * its last reference goes.
 *
 * <pre>{@code
 * SpaceTimeItem frame = frames.get(Wildcard.LATEST_UNSEEN);   // null if there is none
 * if (frame != null) {
 *     long sum = frame.getLong(0);
 *     frames.consumeUntil(frame.timestamp());
 *     held.add(frame);                                       // a SharedQueue<SpaceTimeItem> field
 * }
 * }</pre>
 *
 * <p>The item exposes no memory segment, only reads and copies, so its bytes cannot outlive it.
 */
public final class SpaceTimeItem extends Shared {
    /** The space whose slot the item is in, or null for a copy of a remote space's item. */
    private final SpaceTime space;
    private final StoredItem item;
    private final String where;

    private SpaceTimeItem(SpaceTime space, StoredItem item, String where) {
        this.space = space;
        this.item = item;
        this.where = where;
    }

    /** A view of {@code item}, whose hold the caller took: the running work() takes over the reference. */
    static SpaceTimeItem of(SpaceTime space, StoredItem item, String where) {
        SpaceTimeItem view = new SpaceTimeItem(space, item, where);
        view.revive();
        return view;
    }

    /**
     * A copy of a remote space's item ({@link RemoteFilterThread}): the bytes are this JVM's, the
     * item itself stays open in the server's space until consumed. The running work() takes the
     * reference, as for a local item.
     */
    static SpaceTimeItem copyOf(long timestamp, long ticket, byte[] bytes, String where) {
        MemorySegment copy = MemorySegment.ofArray(bytes);
        return of(null, new StoredItem(timestamp, ticket, copy, bytes.length, SpaceTime.UNKNOWN_CONSUMERS), where);
    }

    /** The item's timestamp. Valid after the last release too. */
    public long timestamp() {
        return item.timestamp;
    }

    /**
     * The item's ticket, if it came from a queue ({@link SpaceTimeQueueInput#consume(long)} takes
     * it), else {@link ItemView#NO_TICKET}. Valid after the last release too.
     */
    public long ticket() {
        return item.ticket;
    }

    /** The item's size in bytes. Valid after the last release too. */
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

    public float getFloat(long offset) {
        return live().get(ValueLayout.JAVA_FLOAT_UNALIGNED, offset);
    }

    /** Copies {@code length} bytes from {@code offset} of the item into {@code dst} at {@code dstOffset}. */
    public void copyTo(long offset, byte[] dst, int dstOffset, int length) {
        MemorySegment.copy(live(), ValueLayout.JAVA_BYTE, offset, dst, dstOffset, length);
    }

    /** Copies {@code bytes} bytes from {@code offset} of the item to {@code dst} at {@code dstOffset}. */
    public void copyTo(long offset, MemorySegment dst, long dstOffset, long bytes) {
        MemorySegment.copy(live(), offset, dst, dstOffset, bytes);
    }

    private MemorySegment live() {
        if (references() <= 0) {
            throw new ItemReleasedException("the item at timestamp " + item.timestamp + " from " + where
                    + " was read after the work() that got it returned; keep it in a SharedQueue to read it later");
        }
        return item.payload;
    }

    /** The last reference went: the item's memory returns to the pool once the item is also dead. */
    @Override
    protected void freed() {
        if (space != null) { // a remote item's copy is the garbage collector's
            space.release(item);
        }
    }

    @Override
    public String toString() {
        return "item at timestamp " + item.timestamp + " from " + where;
    }
}
