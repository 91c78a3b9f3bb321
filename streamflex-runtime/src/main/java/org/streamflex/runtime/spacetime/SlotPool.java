package org.streamflex.runtime.spacetime;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayDeque;

/**
 * The off-heap memory of a space's items: slots of power-of-two size classes (64 bytes up to the
 * item bound) carved from one shared {@link Arena}, handed out by {@link #take(long)} and returned
 * by {@link #give(MemorySegment)} for the next item of that class. Memory is never returned to the
 * operating system before {@link #close()}, so the pool holds at most the peak of live items,
 * rounded up to their classes.
 *
 * <p>Its own lock, not the space's: a put copies its bytes into a slot before it takes the space
 * lock, so that the copy of a large item does not stall every other channel. The space may call
 * {@link #give} while holding its lock (the order is always space, then pool).
 *
 * <p>Pins: a socket write straight from a slot ({@link SlotWrite}) pins the pool until Netty has
 * written it. {@link #close()} while a pin is held defers freeing the arena to the last
 * {@link #unpin()}, so that no write reads freed memory; a pin after the close is refused.
 */
final class SlotPool implements AutoCloseable {
    private static final int MIN_SHIFT = 6;
    private final Arena arena = Arena.ofShared();
    private final ArrayDeque<MemorySegment>[] free;
    private long reservedBytes;
    private boolean closed;
    /** Writes from slots still in Netty's hands: the arena stays open while any is. */
    private int pins;
    private boolean arenaClosed;

    @SuppressWarnings({"unchecked", "rawtypes"})
    SlotPool(long maxItemBytes) {
        free = new ArrayDeque[sizeClass(maxItemBytes) + 1];
        for (int i = 0; i < free.length; i++) {
            free[i] = new ArrayDeque<>();
        }
    }

    private static int sizeClass(long bytes) {
        long rounded = Math.max(bytes, 1L << MIN_SHIFT);
        return 64 - Long.numberOfLeadingZeros(rounded - 1) - MIN_SHIFT;
    }

    /** A slot of at least {@code bytes} (its size is its class's), from the free list or the arena. */
    synchronized MemorySegment take(long bytes) {
        if (closed) {
            throw new SpaceTimeStateException("space-time memory used after the space was closed");
        }
        int c = sizeClass(bytes);
        MemorySegment slot = free[c].pollFirst();
        if (slot == null) {
            long size = 1L << (c + MIN_SHIFT);
            slot = arena.allocate(size, 64);
            reservedBytes += size;
        }
        return slot;
    }

    /** Returns a slot {@link #take} gave, for reuse. */
    synchronized void give(MemorySegment slot) {
        if (!closed) {
            free[sizeClass(slot.byteSize())].addFirst(slot); // LIFO: the warmest slot goes out next
        }
    }

    /** Bytes taken from the arena so far: the pool's footprint. */
    synchronized long reservedBytes() {
        return reservedBytes;
    }

    /**
     * Keeps the arena open until the matching {@link #unpin()}, even across {@link #close()}.
     *
     * @throws SpaceTimeStateException if the pool is closed
     */
    synchronized void pin() {
        if (closed) {
            throw new SpaceTimeStateException("space-time memory used after the space was closed");
        }
        pins++;
    }

    /** Gives a {@link #pin()} up; the last one after a {@link #close()} frees the arena. */
    synchronized void unpin() {
        if (pins <= 0) {
            throw new IllegalStateException("a slot pool unpinned more often than pinned");
        }
        pins--;
        if (closed && pins == 0) {
            closeArena();
        }
    }

    /** Whether the arena's memory is freed: after {@link #close()} and the last {@link #unpin()}. */
    synchronized boolean arenaClosed() {
        return arenaClosed;
    }

    /** Frees the arena now, or at the last {@link #unpin()} if a write from a slot is still pinned. */
    @Override
    public synchronized void close() {
        if (!closed) {
            closed = true;
            if (pins == 0) {
                closeArena();
            }
        }
    }

    private void closeArena() {
        arenaClosed = true;
        arena.close();
    }
}
