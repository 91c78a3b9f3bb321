package org.streamflex.runtime.spacetime;

import io.netty.buffer.ByteBuf;
import java.lang.foreign.MemorySegment;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The filters a {@link SpaceTimeSession}'s client joined ({@link RemoteSpaceTimeFilters}): each is
 * a {@link FilterThread} here, in the server's space, and the client's handles send it their
 * operations one request each, which it stages exactly as a local filter's {@code work()} does;
 * {@code F_COMMIT} makes them in one hold of the space's lock, {@code F_UNDO} drops them and undoes
 * the gets. So a remote filter's transaction has the local one's rules because it is the local
 * one, run by the event loop for the client.
 *
 * <pre>{@code
 * if (filters.answer(op, request, frame)) { return; }   // a filter's request, answered
 * }</pre>
 *
 * <p>Used on the session's event loop only, but for the maps, which a close reads.
 */
final class SessionFilters {
    private final SpaceTimeSession session;
    private final SpaceTime space;
    /** By thread number: the filters' threads (also in the session's threads, which leave at a close). */
    private final Map<Long, FilterThread> threads = new ConcurrentHashMap<>();
    /** By connection number: the filters' register handles (full/empty as a local filter's). */
    private final Map<Long, SpaceTimeRegisterHandle> registers = new ConcurrentHashMap<>();

    SessionFilters(SpaceTimeSession session, SpaceTime space) {
        this.session = session;
        this.space = space;
    }

    /** A filter joined as thread {@code id}. */
    void joined(long id, SpaceTimeThread thread) {
        threads.put(id, new FilterThread(space, thread, thread.name()));
    }

    /** The filter of thread {@code id}, or null if it is a plain thread's. */
    FilterThread filter(long id) {
        return threads.get(id);
    }

    /** A filter's register connection: empty, as a local filter's handle bound after a write. */
    void attachRegister(long connection, FilterThread t, SpaceTimeRegister register) {
        registers.put(connection, SpaceTimeFilters.emptyHandle(t, register));
    }

    boolean hasRegister(long connection) {
        return registers.containsKey(connection);
    }

    void detachRegister(long connection) {
        registers.remove(connection);
    }

    /**
     * The filter of thread {@code id} leaves: its staged operations are dropped, the queue items it
     * holds open consumed (counted by the server as a departed client's).
     */
    void leave(long id) {
        FilterThread t = threads.remove(id);
        if (t != null) {
            t.undo();
            session.abandoned(t.leave());
        }
    }

    /** The connection closed: every filter's running work() is undone before its thread leaves. */
    void closed() {
        for (FilterThread t : threads.values()) {
            if (t.inWork()) {
                t.undo();
            }
        }
        threads.clear();
        registers.clear();
    }

    /**
     * Runs and answers a filter's request.
     *
     * @return false if {@code op} is not a filter's
     */
    boolean answer(int op, long request, ByteBuf in) {
        switch (op) {
            case SpaceTimeWire.F_GET -> {
                FilterThread t = begun(in);
                InputConnection input = session.input(in.readLong());
                int selector = in.readUnsignedByte();
                long timestamp = in.readLong();
                item(request, t.get(input, input.channel(), timestamp, SpaceTimeWire.wildcard(selector)));
            }
            case SpaceTimeWire.F_PUT -> {
                FilterThread t = begun(in);
                OutputConnection out = session.output(in.readLong());
                long timestamp = in.readLong();
                int consumers = in.readInt();
                t.put(out, out.channel(), timestamp, SpaceTimeSession.bytes(in),
                        consumers > 0 ? consumers : SpaceTime.UNKNOWN_CONSUMERS);
                session.ok(request, 0);
            }
            case SpaceTimeWire.F_CONSUME -> {
                FilterThread t = begun(in);
                InputConnection input = session.input(in.readLong());
                long timestamp = in.readLong();
                t.consume(input, input.channel(), timestamp, in.readUnsignedByte() != 0);
                session.ok(request, 0);
            }
            case SpaceTimeWire.F_SET_VIRTUAL_TIME -> {
                begun(in).setVirtualTime(in.readLong());
                session.ok(request, 0);
            }
            case SpaceTimeWire.F_QUEUE_GET -> {
                FilterThread t = begun(in);
                QueueInput input = session.queueInput(in.readLong());
                item(request, t.get(input, input.queue()));
            }
            case SpaceTimeWire.F_QUEUE_CONSUME -> {
                FilterThread t = begun(in);
                QueueInput input = session.queueInput(in.readLong());
                t.consume(input, input.queue(), in.readLong());
                session.ok(request, 0);
            }
            case SpaceTimeWire.F_QUEUE_PUT -> {
                FilterThread t = begun(in);
                QueueOutput out = session.queueOutput(in.readLong());
                long timestamp = in.readLong();
                t.put(out, out.queue(), timestamp, SpaceTimeSession.bytes(in));
                session.ok(request, 0);
            }
            case SpaceTimeWire.F_REGISTER_WRITE -> {
                FilterThread t = begun(in);
                SpaceTimeRegisterHandle handle = register(in.readLong());
                t.write(handle, handle.register(), SpaceTimeSession.bytes(in));
                session.ok(request, 0);
            }
            case SpaceTimeWire.F_REGISTER_READ -> readRegister(request, in);
            case SpaceTimeWire.F_REGISTER_FULL -> {
                FilterThread t = filterOf(in.readLong()); // a look, for trigger() too: no work() begins
                SpaceTimeRegisterHandle handle = register(in.readLong());
                session.ok(request, t.isFull(handle, handle.register()) ? 1 : 0);
            }
            case SpaceTimeWire.F_COMMIT -> {
                FilterThread t = filterOf(in.readLong());
                try {
                    t.commit();
                } catch (DuplicateTimestampException refused) {
                    // the client rebuilds the same exception from the channel's name and the timestamp
                    session.error(request, SpaceTimeWire.E_DUPLICATE, refused.timestamp(), 0, refused.channel());
                    return true;
                }
                session.ok(request, 0);
            }
            case SpaceTimeWire.F_UNDO -> {
                filterOf(in.readLong()).undo();
                session.ok(request, 0);
            }
            default -> {
                return false;
            }
        }
        return true;
    }

    /** A register read: the value straight into the answer's buffer, or OK -1 when empty. */
    private void readRegister(long request, ByteBuf in) {
        FilterThread t = begun(in);
        SpaceTimeRegisterHandle handle = register(in.readLong());
        int room = SpaceTimeWire.readRoom(in);
        int capacity = (int) Math.min(room, space.maxItemBytes());
        ByteBuf out = session.itemFrame(request, 0, ItemView.NO_TICKET, capacity);
        boolean sent = false;
        try {
            long length = t.readNew(handle, handle.register(),
                    MemorySegment.ofBuffer(out.nioBuffer(out.writerIndex(), capacity)));
            if (length >= 0) {
                out.setInt(out.writerIndex() - 4, (int) length);
                out.writerIndex(out.writerIndex() + (int) length);
                session.sendItem(out);
                sent = true;
            }
        } finally {
            if (!sent) {
                out.release();
            }
        }
        if (!sent) {
            session.ok(request, -1);
        }
    }

    /** Answers a filter's get: the item's bytes, then its reference released (it stays open), or OK for none. */
    private void item(long request, SpaceTimeItem item) {
        if (item == null) {
            session.ok(request, 0);
            return;
        }
        try {
            int length = Math.toIntExact(item.byteSize());
            ByteBuf out = session.itemFrame(request, item.timestamp(), item.ticket(), length);
            item.copyTo(0, MemorySegment.ofBuffer(out.nioBuffer(out.writerIndex(), length)), 0, length);
            out.writerIndex(out.writerIndex() + length);
            session.sendItem(out);
        } finally {
            item.release();
        }
    }

    /** The filter the request names, its work() begun. */
    private FilterThread begun(ByteBuf in) {
        FilterThread t = filterOf(in.readLong());
        t.beginRemote();
        return t;
    }

    private FilterThread filterOf(long id) {
        return SpaceTimeSession.find(threads, id, "filter thread", " (it left, or joined with JOIN, not JOIN_FILTER)");
    }

    private SpaceTimeRegisterHandle register(long id) {
        return SpaceTimeSession.find(registers, id, "filter register connection", "");
    }
}
