package org.streamflex.runtime.spacetime;

import io.netty.buffer.ByteBuf;
import java.lang.foreign.MemorySegment;
import org.streamflex.Stable;

/**
 * A filter's space-time thread in a server's space ({@link RemoteSpaceTimeFilters}), and the
 * client half of its {@code work()}'s transaction: each handle operation is one request, which
 * the server stages on its own {@link FilterThread} for this filter, checked there at the call as
 * a local filter's; the commit ({@code F_COMMIT}) makes them all in one hold of the server space's
 * lock, and the undo ({@code F_UNDO}) drops them and undoes the gets. A {@code work()} that
 * touched no space-time sends neither.
 *
 * <p>The filter's thread never waits for an item: a get is answered at once, with the item or
 * with none. It waits only for the answer, at most the bound its bindings were made with; a
 * connection that breaks, or an answer that does not come within the bound, is a
 * {@link SpaceTimeRemoteException} thrown into the {@code work()} (the runtime's failure policy
 * decides), and the connection is closed: the server then drops the running {@code work()}'s
 * staged operations, undoes its gets, and makes the filter's thread leave.
 *
 * <pre>{@code
 * t.begin();
 * SpaceTimeItem frame = t.get(input, "frames", SpaceTimeWire.selector(Wildcard.LATEST_UNSEEN), 0);
 * t.commit();
 * }</pre>
 *
 * <p>Used by the filter's thread only, as a {@link FilterThread} is.
 */
final class RemoteFilterThread implements FilterTransaction, Stable {
    private static final System.Logger LOG = System.getLogger("org.streamflex.runtime");

    final RemoteSpaceTime space;
    final long id;
    private final String filterName;
    private final long boundNanos;
    /** Every request of this filter's, one at a time: used again, so that none allocates a call. */
    private final RemoteCall call;
    private boolean inWork;
    /** Whether this work() sent an operation the server staged: only then is a commit or undo sent. */
    private boolean staged;
    private long virtualTime;
    private boolean virtualTimeSet;
    private long newVirtualTime;

    RemoteFilterThread(RemoteSpaceTime space, long id, String filterName, long virtualTime, long boundNanos) {
        this.space = space;
        this.id = id;
        this.filterName = filterName;
        this.virtualTime = virtualTime;
        this.boundNanos = boundNanos;
        this.call = space.newCall();
    }

    @Override
    public String filterName() {
        return filterName;
    }

    @Override
    public void begin() {
        inWork = true;
    }

    /**
     * @throws DuplicateTimestampException if another thread put at a staged timestamp meanwhile
     *     (nothing of the work() made, as locally)
     * @throws SpaceTimeRemoteException if the connection broke or the answer did not come in time
     */
    @Override
    public void commit() {
        inWork = false;
        if (!staged) {
            virtualTimeSet = false;
            return;
        }
        staged = false;
        boolean vtSet = virtualTimeSet;
        virtualTimeSet = false;
        RemoteSpaceTime.Answer answer = call(SpaceTimeWire.F_COMMIT, out -> { });
        if (answer.isError() && answer.code == SpaceTimeWire.E_DUPLICATE) {
            throw new DuplicateTimestampException(answer.message, answer.first);
        }
        var _ = RemoteSpaceTime.raise(answer, null);
        if (vtSet) {
            virtualTime = newVirtualTime;
        }
    }

    /**
     * Drops the work()'s operations. A connection that is gone has dropped them already (the server
     * undoes a closed connection's running work()), so a failure to send is logged, not thrown: the
     * exception the work() threw goes on.
     */
    @Override
    public void undo() {
        inWork = false;
        virtualTimeSet = false;
        if (!staged) {
            return;
        }
        staged = false;
        try {
            var _ = RemoteSpaceTime.raise(call(SpaceTimeWire.F_UNDO, out -> { }), null);
        } catch (SpaceTimeRemoteException e) {
            LOG.log(System.Logger.Level.DEBUG, "undo of remote space-time filter " + filterName + ": " + e);
        }
    }

    // ---------------------------------------------------------------- called by the handles, in work()

    SpaceTimeItem get(long connection, String channel, int selector, long timestamp) {
        checkInWork("a get on channel " + channel);
        staged = true;
        return item(call(SpaceTimeWire.F_GET, out -> out.writeLong(connection).writeByte(selector)
                .writeLong(timestamp)), "remote channel " + channel);
    }

    void put(long connection, String channel, long timestamp, MemorySegment src, int consumers) {
        checkInWork("a put on channel " + channel);
        OutputConnection.checkArguments(channel, timestamp, consumers);
        int length = checkSize("remote channel " + channel, timestamp, src);
        staged = true;
        var _ = RemoteSpaceTime.raise(call(SpaceTimeWire.F_PUT, out -> {
            out.writeLong(connection).writeLong(timestamp).writeInt(Math.max(0, consumers)).writeInt(length);
            out.writeBytes(src.asByteBuffer());
        }), channel);
    }

    void consume(long connection, String channel, long timestamp, boolean until) {
        checkInWork("a consume on channel " + channel);
        staged = true;
        var _ = RemoteSpaceTime.raise(call(SpaceTimeWire.F_CONSUME, out -> out.writeLong(connection)
                .writeLong(timestamp).writeByte(until ? 1 : 0)), channel);
    }

    void setVirtualTime(long time) {
        checkInWork("setting the virtual time");
        staged = true;
        var _ = RemoteSpaceTime.raise(call(SpaceTimeWire.F_SET_VIRTUAL_TIME, out -> out.writeLong(time)), null);
        virtualTimeSet = true;
        newVirtualTime = time;
    }

    long virtualTime() {
        return virtualTimeSet ? newVirtualTime : virtualTime;
    }

    SpaceTimeItem queueGet(long connection, String queue) {
        checkInWork("a get on queue " + queue);
        staged = true;
        return item(call(SpaceTimeWire.F_QUEUE_GET, out -> out.writeLong(connection)), "remote queue " + queue);
    }

    void queueConsume(long connection, String queue, long ticket) {
        checkInWork("a consume on queue " + queue);
        staged = true;
        var _ = RemoteSpaceTime.raise(call(SpaceTimeWire.F_QUEUE_CONSUME, out -> out.writeLong(connection)
                .writeLong(ticket)), null);
    }

    void queuePut(long connection, String queue, long timestamp, MemorySegment src) {
        checkInWork("a put on queue " + queue);
        if (timestamp == SpaceTime.INFINITY) {
            throw new VirtualTimeException("INFINITY is a virtual time, not a timestamp: put on queue "
                    + queue + " at a finite timestamp");
        }
        int length = checkSize("remote queue " + queue, timestamp, src);
        staged = true;
        var _ = RemoteSpaceTime.raise(call(SpaceTimeWire.F_QUEUE_PUT, out -> {
            out.writeLong(connection).writeLong(timestamp).writeInt(length);
            out.writeBytes(src.asByteBuffer());
        }), null);
    }

    void write(long connection, String register, MemorySegment src) {
        checkInWork("a write to register " + register);
        int length = checkSize("remote register " + register, 0, src);
        staged = true;
        var _ = RemoteSpaceTime.raise(call(SpaceTimeWire.F_REGISTER_WRITE, out -> {
            out.writeLong(connection).writeInt(length);
            out.writeBytes(src.asByteBuffer());
        }), null);
    }

    long readNew(long connection, String register, MemorySegment dst) {
        checkInWork("a read of register " + register);
        int room = (int) Math.min(Integer.MAX_VALUE - 1, dst.byteSize());
        staged = true;
        RemoteSpaceTime.Answer answer = space.callWithin(SpaceTimeWire.F_REGISTER_READ, boundNanos,
                call.into(dst.asByteBuffer()),
                out -> out.writeLong(id).writeLong(connection).writeInt(room));
        var _ = RemoteSpaceTime.raise(answer, null);
        return answer.isItem() ? answer.length : answer.value; // OK -1: empty
    }

    boolean isFull(long connection, String register) {
        return RemoteSpaceTime.raise(call(SpaceTimeWire.F_REGISTER_FULL, out -> out.writeLong(connection)), null)
                .value != 0;
    }

    /** Leaves the server's space (the graph stopped); a connection already gone has left it. */
    void leave() {
        try {
            var _ = RemoteSpaceTime.raise(call(SpaceTimeWire.LEAVE, out -> { }), null);
        } catch (SpaceTimeRemoteException e) {
            LOG.log(System.Logger.Level.DEBUG, "remote space-time filter " + filterName + " left with its"
                    + " connection: " + e);
        }
    }

    private void checkInWork(String operation) {
        if (!inWork) {
            throw new SpaceTimeStateException(operation + " by filter " + filterName + " outside its work(): a filter"
                    + " uses space-time only while its work() runs (not in trigger(), a constructor or an @Atomic"
                    + " method)");
        }
    }

    private int checkSize(String where, long timestamp, MemorySegment src) {
        long length = src.byteSize();
        if (length > space.maxItemBytes()) {
            throw new ItemTooLargeException(where, timestamp, length, space.maxItemBytes());
        }
        return (int) length;
    }

    /** One request of this filter's thread: its number first, then {@code fields}. */
    private RemoteSpaceTime.Answer call(int op, java.util.function.Consumer<ByteBuf> fields) {
        return space.callWithin(op, boundNanos, call.copying(), out -> {
            out.writeLong(id);
            fields.accept(out);
        });
    }

    /** A get's answer: the item's copy, taken by the running work(), or null for none. */
    private static SpaceTimeItem item(RemoteSpaceTime.Answer answer, String where) {
        var _ = RemoteSpaceTime.raise(answer, null);
        if (!answer.isItem()) {
            return null;
        }
        return SpaceTimeItem.copyOf(answer.value, answer.ticket, answer.bytes, where);
    }
}
