package org.streamflex.runtime.spacetime;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.EventLoop;
import java.nio.ByteBuffer;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * A {@link RemoteSpaceTime} request slot, used again for every request of the connection or thread
 * that owns it, so that a call in steady state allocates nothing: the request it waits for, where
 * an {@code ITEM}'s bytes go (a new array for a {@link RemoteItem}, or straight from the receive
 * buffer into the caller's {@code byte[]} or {@code ByteBuffer}), and its {@link
 * RemoteSpaceTime.Answer}, filled in place.
 *
 * <pre>{@code
 * RemoteCall call = space.newCall();                    // once, with the connection
 * ByteBuf out = space.request(call.into(dst, 0, dst.length), SpaceTimeWire.GET);
 * out.writeLong(id) ... ;
 * RemoteSpaceTime.Answer answer = space.await(call, out, SpaceTimeWire.GET, boundNanos);
 * }</pre>
 *
 * <p>Orderings: the event loop fills the answer (and copies the bytes) under the call's monitor and
 * then writes {@link #done}, a volatile, which the waiting caller reads before it reads the answer:
 * the volatile write and read order the fills before the caller's reads. A caller that stops
 * waiting ({@link #finish}: answered, no answer in time, interrupted) clears the request it waits
 * for under the same monitor, so no answer, and no copy, lands after that; each request has its
 * own number, so an answer to an earlier one is never taken for the current one's.
 *
 * <p>One Java thread uses a call at a time, as it uses the connection that owns it; a second one
 * is refused ({@link IllegalStateException}) rather than mixed with the first.
 */
final class RemoteCall implements ForkJoinPool.ManagedBlocker {
    /** No request is awaited: the number is never sent. */
    private static final long NONE = -1;
    /** How long a caller waits for an answer before it parks: a loopback round trip, with room. */
    private static final long SPIN_NANOS = TimeUnit.MICROSECONDS.toNanos(100);
    /** Spins before the waiting caller starts yielding its core instead. */
    private static final int SPINS = 100;

    /** Its index in its client's table of calls: the high bits of its requests' numbers. */
    final int slot;
    final RemoteSpaceTime.Answer answer = new RemoteSpaceTime.Answer();
    private byte[] array;
    private int offset;
    private ByteBuffer buffer;
    /** Room at the destination; {@link SpaceTimeWire#ANY_ROOM} for a new array. */
    int room = SpaceTimeWire.ANY_ROOM;
    private long request = NONE;
    private boolean busy;
    private Thread waiter;
    private RuntimeException failure;
    private volatile boolean done;
    /** When the waiting caller gives up ({@link System#nanoTime()}); the caller's own. */
    private long deadline;
    /**
     * The request's frame, written again for every request: the caller holds one reference, and
     * retains a second for the write, which the event loop releases once the frame is written, before
     * the answer can come. Allocated once, with the call.
     */
    private ByteBuf frame;
    /** Writes {@link #frame} on the event loop: made once, so that handing a request over allocates no task. */
    private final Runnable sender;

    RemoteCall(int slot, Channel channel) {
        this.slot = slot;
        this.sender = () -> {
            var _ = channel.writeAndFlush(frame, channel.voidPromise()); // a failure fires exceptionCaught
        };
    }

    /** The request's frame, emptied for the next request. */
    ByteBuf frame(ByteBufAllocator alloc) {
        if (frame == null) {
            frame = alloc.directBuffer(64);
        }
        return frame.clear();
    }

    /**
     * Hands the frame to the event loop to write: a preallocated task, where {@code writeAndFlush}
     * from another thread would make one per write.
     */
    void send(EventLoop loop) {
        var _ = frame.retain();
        loop.execute(sender);
    }

    /** Releases the frame: the call is not used again. */
    synchronized void close() {
        if (frame != null && !busy) {
            var _ = frame.release();
            frame = null;
        }
    }

    /** The next request's item, if any, comes as a new array. */
    RemoteCall copying() {
        return destination(null, 0, null, SpaceTimeWire.ANY_ROOM);
    }

    /** The next request's item goes into {@code dst} from {@code offset}, at most {@code room} bytes. */
    RemoteCall into(byte[] dst, int offset, int room) {
        return destination(dst, offset, null, room);
    }

    /** The next request's item goes into {@code dst} at its position, which then moves past it. */
    RemoteCall into(ByteBuffer dst) {
        if (dst.isReadOnly()) {
            throw new IllegalArgumentException("a get into a read-only ByteBuffer: pass a writable one");
        }
        return destination(null, 0, dst, dst.remaining());
    }

    private synchronized RemoteCall destination(byte[] a, int off, ByteBuffer b, int r) {
        if (busy) {
            throw new IllegalStateException("a remote space-time connection used by two threads at once: use each"
                    + " connection (and its thread) from one Java thread at a time");
        }
        array = a;
        offset = off;
        buffer = b;
        room = r;
        return this;
    }

    /**
     * The caller is about to send request {@code number}: from now on its answer is this call's.
     *
     * @throws IllegalStateException if another thread waits on this call
     */
    synchronized void start(long number) {
        if (busy) {
            throw new IllegalStateException("a remote space-time connection used by two threads at once: use each"
                    + " connection (and its thread) from one Java thread at a time");
        }
        busy = true;
        request = number;
        waiter = Thread.currentThread();
        failure = null;
        done = false;
    }

    /** The caller stops waiting, answered or not: no answer or copy lands after this. */
    synchronized void finish() {
        request = NONE;
        waiter = null;
        busy = false;
        array = null;
        buffer = null;
    }

    boolean isDone() {
        return done;
    }

    /** The failure the connection completed the call with, or null. Read after {@link #isDone()}. */
    RuntimeException failure() {
        return failure;
    }

    /**
     * On the event loop: reads the answer to {@code number} of kind {@code op} from {@code in} into
     * {@link #answer}, its item's bytes into the destination, and wakes the caller; an answer the
     * caller no longer waits for is skipped.
     *
     * @throws IllegalArgumentException if the answer is malformed or not an answer
     */
    synchronized void answer(long number, int op, ByteBuf in) {
        if (number != request || done) {
            return; // the caller stopped waiting (the frame is released by the reader)
        }
        switch (op) {
            case SpaceTimeWire.OK -> answer.ok(in.readLong());
            case SpaceTimeWire.ITEM -> item(in);
            case SpaceTimeWire.ERROR -> answer.error(in.readUnsignedByte(), in.readLong(), in.readLong(),
                    SpaceTimeWire.readString(in));
            default -> throw new IllegalArgumentException("the server sent " + SpaceTimeWire.opName(op));
        }
        completed();
    }

    /** On the event loop: the connection is gone; the caller, if it still waits, throws {@code e}. */
    synchronized void fail(RuntimeException e) {
        if (request != NONE && !done) {
            failure = e;
            completed();
        }
    }

    private void completed() {
        done = true;
        LockSupport.unpark(waiter);
    }

    private void item(ByteBuf in) {
        long timestamp = in.readLong();
        long ticket = in.readLong();
        int length = in.readInt();
        if (length < 0 || length > in.readableBytes()) {
            throw new IllegalArgumentException("an item of " + length + " bytes where " + in.readableBytes()
                    + " remain");
        }
        if (length > room) {
            throw new IllegalArgumentException("an item of " + length + " bytes for a buffer of " + room);
        }
        byte[] bytes = null;
        if (array != null) {
            in.readBytes(array, offset, length);
        } else if (buffer != null) {
            int limit = buffer.limit();
            buffer.limit(buffer.position() + length);
            in.readBytes(buffer);
            buffer.limit(limit);
        } else {
            bytes = new byte[length];
            in.readBytes(bytes);
        }
        answer.item(timestamp, ticket, length, bytes);
    }

    /**
     * Waits for the answer up to {@code boundNanos}: spinning, then yielding the core (on a machine
     * of few cores the event loops that bring the answer need it), for up to {@link #SPIN_NANOS},
     * then parked. An answer on a fast network comes within the spin, and the caller is spared the
     * wake-up of a parked thread, which on a loaded machine costs as much as the round trip itself.
     *
     * @return whether the answer (or the connection's failure) came
     * @throws InterruptedException if the caller was interrupted while parked
     */
    @SuppressWarnings("ThreadPriorityCheck") // a waiting caller gives its core to the event loops it waits for
    boolean await(long boundNanos) throws InterruptedException {
        long start = System.nanoTime();
        long spinUntil = start + Math.min(SPIN_NANOS, boundNanos);
        for (int spins = 0; !done && System.nanoTime() - spinUntil < 0; spins++) {
            if (spins < SPINS) {
                Thread.onSpinWait();
            } else {
                Thread.yield();
            }
        }
        deadline = start + boundNanos;
        // Managed: a caller on a ForkJoinPool's thread lets the pool start another meanwhile, as a
        // future's get() does, so that callers in a pool of one thread do not wait in turn.
        ForkJoinPool.managedBlock(this);
        return done;
    }

    /** Parks the waiting caller until the answer or the deadline. */
    @Override
    public boolean block() throws InterruptedException {
        while (!isReleasable()) {
            LockSupport.parkNanos(this, deadline - System.nanoTime());
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
        }
        return true;
    }

    @Override
    public boolean isReleasable() {
        return done || deadline - System.nanoTime() <= 0;
    }
}
