package org.streamflex.runtime.spacetime;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.streamflex.Stable;
import org.streamflex.runtime.clock.RuntimeClock;

/**
 * A filter's space-time thread and the transaction of its running {@code work()}: what the
 * {@code work()} puts, consumes, writes and sets as its virtual time is made when it returns, all
 * under one hold of the space's lock, and dropped if it throws; what it got is got at once (a
 * filter reads what it gets) and, if it throws, unseen again (a channel item) or back at the head
 * of its queue (a queue item), and a register it read is full again. Queue and register operations
 * are staged by {@link StagedQueueOps} and {@link StagedRegisterOps}. Used by the filter's thread only (a filter
 * never runs on two threads at once); its arrays grow to the most operations one {@code work()}
 * made, then allocate nothing.
 *
 * <p>Each staged operation is checked when {@code work()} calls it, against the thread's state
 * as the commit will find it, so that a commit cannot fail halfway: puts at or above the
 * visibility the virtual time set in this {@code work()} gives, no timestamp twice, consumes of
 * items this connection may consume. Only another thread's put at one of the staged timestamps
 * can refuse the commit; it is checked for every put before any is made.
 */
final class FilterThread implements FilterTransaction, Stable {
    final SpaceTime space;
    final SpaceTimeThread thread;
    final String filterName;
    private boolean inWork;

    private StoredItem[] puts = new StoredItem[4];
    private OutputConnection[] putOutputs = new OutputConnection[4];
    private SpaceTimeChannel[] putChannels = new SpaceTimeChannel[4];
    private int putCount;

    private StoredItem[] opened = new StoredItem[4];
    private InputConnection[] openedOn = new InputConnection[4];
    private int openedCount;

    private long[] consumes = new long[4];
    private boolean[] consumeUntil = new boolean[4];
    private InputConnection[] consumedOn = new InputConnection[4];
    private int consumeCount;

    private boolean virtualTimeSet;
    private long newVirtualTime;
    /** What the commit's puts made ready (gets they satisfied), run by {@link #commit()} once it unlocked. */
    private AfterPut readyAfterCommit;

    private final StagedQueueOps queueOps = new StagedQueueOps();
    private final StagedRegisterOps registerOps = new StagedRegisterOps();
    /** The filter's queue inputs, whose open items it gives up when it leaves. */
    private final List<QueueInput> queueInputs = new ArrayList<>();

    private static final System.Logger LOG = System.getLogger("org.streamflex.runtime");
    /** The free-running clock a put releases the filter by ({@link SpaceTimeFilters#releaseOnPut}), or null. */
    private RuntimeClock releasedBy;

    FilterThread(SpaceTime space, SpaceTimeThread thread, String filterName) {
        this.space = space;
        this.thread = thread;
        this.filterName = filterName;
    }

    @Override
    public void begin() {
        RuntimeClock clock = releasedBy;
        // A clock's own thread has entered it before its first release, and a driver marks it; a worker
        // releasing it has not: it would release the filter back to back, polling, so refuse it plainly.
        if (clock != null && clock.entered() == null) {
            throw new SpaceTimeStateException("filter " + filterName + " is released by a put on " + clock
                    + ", but the graph runs it on its worker threads, which release a free-running clock back to"
                    + " back: give the graph a periodic clock, or start it with -Dstreamflex.workers=false");
        }
        inWork = true;
    }

    @Override
    public String filterName() {
        return filterName;
    }

    /**
     * A remote filter's operation arrived ({@link SessionFilters}): its work() has begun, unless an
     * earlier operation of the same work() began it. The client sends no begin, so that a work()
     * that touches no space-time costs no round trip.
     */
    void beginRemote() {
        inWork = true;
    }

    /** Whether a work() has begun and neither committed nor been undone. */
    boolean inWork() {
        return inWork;
    }

    void releasedBy(RuntimeClock clock) {
        this.releasedBy = clock;
    }

    void checkInWork(String operation) {
        if (!inWork) {
            throw new SpaceTimeStateException(operation + " by filter " + filterName + " outside its work(): a filter"
                    + " uses space-time only while its work() runs (not in trigger(), a constructor or an @Atomic"
                    + " method)");
        }
    }

    // ---------------------------------------------------------------- called by the handles, in work()

    SpaceTimeItem get(InputConnection in, SpaceTimeChannel channel, long timestamp, Wildcard wildcard) {
        checkInWork("a get on channel " + channel.name());
        StoredItem item;
        space.lock.lock();
        try {
            item = in.holdForFilter(timestamp, wildcard);
            if (item == null) {
                return null;
            }
            if (in.markOpen(item)) {
                if (openedCount == opened.length) {
                    opened = Arrays.copyOf(opened, openedCount * 2);
                    openedOn = Arrays.copyOf(openedOn, openedCount * 2);
                }
                opened[openedCount] = item;
                openedOn[openedCount++] = in;
            }
        } finally {
            space.lock.unlock();
        }
        return SpaceTimeItem.of(space, item, channel.where);
    }

    void put(OutputConnection out, SpaceTimeChannel channel, long timestamp, MemorySegment src, int consumers) {
        checkInWork("a put on channel " + channel.name());
        OutputConnection.checkArguments(channel, timestamp, consumers);
        space.lock.lock();
        try {
            long v = thread.visibilityWith(virtualTimeSet ? newVirtualTime : thread.virtualTimeLocked());
            channel.checkPut(out, thread, timestamp, v);
            for (int i = 0; i < putCount; i++) {
                if (putChannels[i] == channel && puts[i].timestamp == timestamp) {
                    throw new DuplicateTimestampException(channel.name(), timestamp);
                }
            }
        } finally {
            space.lock.unlock();
        }
        MemorySegment slot = space.copyIn(channel.where, timestamp, src);
        if (putCount == puts.length) {
            puts = Arrays.copyOf(puts, putCount * 2);
            putOutputs = Arrays.copyOf(putOutputs, putCount * 2);
            putChannels = Arrays.copyOf(putChannels, putCount * 2);
        }
        puts[putCount] = new StoredItem(timestamp, ItemView.NO_TICKET, slot, src.byteSize(), consumers);
        putOutputs[putCount] = out;
        putChannels[putCount++] = channel;
    }

    void consume(InputConnection in, SpaceTimeChannel channel, long timestamp, boolean until) {
        checkInWork("a consume on channel " + channel.name());
        if (!until) {
            space.lock.lock();
            try {
                thread.checkJoined();
                var _ = in.consumable(timestamp);
                for (int i = 0; i < consumeCount; i++) {
                    if (consumedOn[i] == in && !consumeUntil[i] && consumes[i] == timestamp) {
                        throw new SpaceTimeStateException("filter " + filterName + " consumes timestamp " + timestamp
                                + " on channel " + channel.name() + " twice in one work()");
                    }
                }
            } finally {
                space.lock.unlock();
            }
        }
        if (consumeCount == consumes.length) {
            consumes = Arrays.copyOf(consumes, consumeCount * 2);
            consumeUntil = Arrays.copyOf(consumeUntil, consumeCount * 2);
            consumedOn = Arrays.copyOf(consumedOn, consumeCount * 2);
        }
        consumes[consumeCount] = timestamp;
        consumeUntil[consumeCount] = until;
        consumedOn[consumeCount++] = in;
    }

    SpaceTimeItem get(QueueInput in, SpaceTimeQueue queue) {
        checkInWork("a get on queue " + queue.name());
        StoredItem item;
        space.lock.lock();
        try {
            item = in.takeForFilter();
            if (item == null) {
                return null;
            }
            queueOps.got(in, item);
        } finally {
            space.lock.unlock();
        }
        return SpaceTimeItem.of(space, item, queue.where);
    }

    void consume(QueueInput in, SpaceTimeQueue queue, long ticket) {
        checkInWork("a consume on queue " + queue.name());
        space.lock.lock();
        try {
            thread.checkJoined();
            queueOps.stageConsume(in, ticket, filterName, queue.name());
        } finally {
            space.lock.unlock();
        }
    }

    void put(QueueOutput out, SpaceTimeQueue queue, long timestamp, MemorySegment src) {
        checkInWork("a put on queue " + queue.name());
        if (timestamp == SpaceTime.INFINITY) {
            throw new VirtualTimeException("INFINITY is a virtual time, not a timestamp: put on queue "
                    + queue.name() + " at a finite timestamp");
        }
        space.lock.lock();
        try {
            out.checkUsable();
            long v = thread.visibilityWith(virtualTimeSet ? newVirtualTime : thread.virtualTimeLocked());
            if (timestamp < v) {
                throw new VirtualTimeException("filter " + filterName + " cannot put at timestamp " + timestamp
                        + " on queue " + queue.name() + ": a put's timestamp must be at least the filter's"
                        + " visibility, " + v + " (its virtual time, or the oldest item it holds open)");
            }
        } finally {
            space.lock.unlock();
        }
        queueOps.stagePut(queue, timestamp, space.copyIn(queue.where, timestamp, src), src.byteSize());
    }

    void write(SpaceTimeRegisterHandle handle, SpaceTimeRegister register, MemorySegment src) {
        checkInWork("a write to register " + register.name());
        space.lock.lock();
        try {
            thread.checkJoined();
        } finally {
            space.lock.unlock();
        }
        MemorySegment slot = space.copyIn("register " + register.name(), 0, src);
        space.lock.lock();
        try {
            registerOps.stageWrite(register, slot, src.byteSize(), space.pool);
        } finally {
            space.lock.unlock();
        }
    }

    long readNew(SpaceTimeRegisterHandle handle, SpaceTimeRegister register, MemorySegment dst) {
        checkInWork("a read of register " + register.name());
        space.lock.lock();
        try {
            thread.checkJoined();
            if (register.version <= registerOps.readVersion(handle)) {
                return -1;
            }
            if (dst.byteSize() < register.length) {
                throw new BufferTooSmallException("register " + register.name() + " holds " + register.length
                        + " bytes; filter " + filterName + "'s buffer has room for " + dst.byteSize() + " (the"
                        + " register stays full: read again into a buffer of at least " + register.length
                        + " bytes)", register.length, dst.byteSize());
            }
            MemorySegment.copy(register.slot, 0, dst, 0, register.length);
            registerOps.stageRead(handle, register.version);
            return register.length;
        } finally {
            space.lock.unlock();
        }
    }

    boolean isFull(SpaceTimeRegisterHandle handle, SpaceTimeRegister register) {
        space.lock.lock();
        try {
            return register.version > registerOps.readVersion(handle);
        } finally {
            space.lock.unlock();
        }
    }

    void addQueueInput(QueueInput in) {
        queueInputs.add(in);
    }

    void setVirtualTime(long virtualTime) {
        checkInWork("setting the virtual time");
        space.lock.lock();
        try {
            thread.checkJoined();
            long v = thread.visibilityLocked();
            if (virtualTime < v) {
                throw new VirtualTimeException("filter " + filterName + " cannot set its virtual time to "
                        + virtualTime + ": it must be at least its visibility, " + v + " (virtual time "
                        + thread.virtualTimeLocked() + ", or the oldest item it holds open); consume its open items"
                        + " in an earlier work() first");
            }
        } finally {
            space.lock.unlock();
        }
        virtualTimeSet = true;
        newVirtualTime = virtualTime;
    }

    long virtualTime() {
        return virtualTimeSet ? newVirtualTime : thread.virtualTime();
    }

    // ---------------------------------------------------------------- called by SpaceTimeFilter.work()

    /**
     * The work() returned: its puts, its virtual time and its consumes, in one hold of the lock.
     * The virtual time is set after the puts, which were checked against the visibility it gives:
     * one going up would refuse them, and one going down leaves the visibility as it was (it can
     * go below the virtual time only to the oldest open item, which bounds the visibility already).
     *
     * @throws DuplicateTimestampException if another thread put at a staged timestamp meanwhile:
     *     then nothing of the work() is made, as if it threw
     */
    @Override
    public void commit() {
        inWork = false;
        try {
            commitLocked();
        } finally {
            AfterPut ready = readyAfterCommit;
            readyAfterCommit = null;
            AfterPut.runAll(ready); // gets the puts satisfied, on this thread, once the commit is whole
        }
    }

    private void commitLocked() {
        space.lock.lock();
        try {
            space.armAfterPut();
            for (int i = 0; i < putCount; i++) {
                if (putChannels[i].items.contains(puts[i].timestamp)) {
                    DuplicateTimestampException refused =
                            new DuplicateTimestampException(putChannels[i].name(), puts[i].timestamp);
                    undoLocked();
                    throw refused;
                }
            }
            for (int i = 0; i < putCount; i++) {
                putChannels[i].put(putOutputs[i], thread, puts[i].timestamp, puts[i]);
            }
            queueOps.commitPuts();
            registerOps.commit(space.pool);
            if (virtualTimeSet) {
                thread.setVirtualTime(newVirtualTime);
            }
            for (int i = 0; i < consumeCount; i++) {
                if (consumeUntil[i]) {
                    consumedOn[i].consumeUntil(consumes[i]);
                } else {
                    consumedOn[i].consumeIfLive(consumes[i]);
                }
            }
            queueOps.commitConsumes();
            space.collect();
            forget();
        } finally {
            readyAfterCommit = space.takeAfterPut();
            space.lock.unlock();
        }
    }

    /** The work() threw: nothing it put is published, its consumes and virtual time are dropped, its gets undone. */
    @Override
    public void undo() {
        inWork = false;
        space.lock.lock();
        try {
            undoLocked();
        } finally {
            space.lock.unlock();
        }
    }

    private void undoLocked() {
        for (int i = 0; i < putCount; i++) {
            space.pool.give(puts[i].slot);
        }
        for (int i = 0; i < openedCount; i++) {
            openedOn[i].unopen(opened[i]);
        }
        queueOps.undo(space.pool);
        registerOps.undo(space.pool);
        forget();
    }

    /**
     * The filter leaves the space (its graph stopped): the queue items it still holds open are
     * consumed, since a queue item is got once and the filter may have acted on them, and logged
     * with their tickets; then its connections detach and its virtual time no longer holds the
     * global minimum. Idempotent.
     *
     * @return how many queue items it held open
     */
    long leave() {
        long abandoned = 0;
        space.lock.lock();
        try {
            if (space.closedLocked()) {
                return 0; // its memory is gone, and nothing collects any more
            }
            for (QueueInput in : queueInputs) {
                long[] tickets = in.consumeAllOpen();
                if (tickets.length > 0) {
                    abandoned += tickets.length;
                    LOG.log(System.Logger.Level.WARNING, "space-time filter " + filterName + " left holding "
                            + tickets.length + " item(s) of " + in + " open, tickets " + Arrays.toString(tickets)
                            + ": consumed, not put back (a queue item is got once)");
                }
            }
            thread.leave();
        } finally {
            space.lock.unlock();
        }
        return abandoned;
    }

    private void forget() {
        Arrays.fill(puts, 0, putCount, null);
        Arrays.fill(putOutputs, 0, putCount, null);
        Arrays.fill(putChannels, 0, putCount, null);
        Arrays.fill(opened, 0, openedCount, null);
        Arrays.fill(openedOn, 0, openedCount, null);
        Arrays.fill(consumedOn, 0, consumeCount, null);
        putCount = 0;
        openedCount = 0;
        consumeCount = 0;
        virtualTimeSet = false;
    }
}
