package org.streamflex.runtime.spacetime;

import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.buffer.UnpooledDirectByteBuf;
import java.nio.ByteBuffer;

/**
 * An item's bytes handed to Netty to write straight from the item's slot, with no copy into a send
 * buffer: a {@code ByteBuf} over the slot's memory that holds the item's {@link ItemView} and a pin
 * on the space's {@link SlotPool} until Netty releases it (written, or the connection gone). The
 * view keeps the slot from being reused by another item; the pin keeps the arena open, so that a
 * {@link SpaceTime#close()} during the write defers freeing the memory to the release instead of
 * freeing what the socket still reads.
 *
 * <pre>{@code
 * SlotWrite body = SlotWrite.of(space, view);      // the view is the buffer's from now on
 * ctx.write(header, ctx.voidPromise());
 * ctx.writeAndFlush(body, ctx.voidPromise());      // Netty releases it once written
 * }</pre>
 *
 * <p>Released on the event loop that writes it (Netty's outbound buffer releases what it wrote or
 * failed to write there), the view's one thread. Costs a wrapper and a {@code ByteBuffer} view per
 * answer, where the copy costs the item's bytes: used for items of {@link #MIN_BYTES} or more.
 */
final class SlotWrite extends UnpooledDirectByteBuf {
    /**
     * Items smaller than this are copied into the answer's pooled buffer. 8 KB items are measured
     * written from the slot, 512 B ones copied (jmh README, "Space-time latency, 2026-11-27 evening");
     * the sizes between are not measured.
     */
    static final int MIN_BYTES = 4096;

    private final ItemView view;
    private final SlotPool pool;

    private SlotWrite(ByteBuffer memory, ItemView view, SlotPool pool) {
        // This constructor wraps memory it does not own: its deallocate() frees nothing.
        super(UnpooledByteBufAllocator.DEFAULT, memory, memory.capacity());
        this.view = view;
        this.pool = pool;
    }

    /**
     * The bytes of {@code view}'s item, readable from index 0 to its length; takes the view over
     * (released with the buffer).
     *
     * @throws SpaceTimeStateException if the space is closed (the view is then still the caller's)
     * @throws ItemReleasedException if the view is released
     */
    static SlotWrite of(SpaceTime space, ItemView view) {
        space.pool.pin();
        try {
            return new SlotWrite(view.live().asByteBuffer(), view, space.pool);
        } catch (RuntimeException e) {
            space.pool.unpin();
            throw e;
        }
    }

    @Override
    protected void deallocate() {
        super.deallocate();
        try {
            view.release();
        } finally {
            pool.unpin();
        }
    }
}
