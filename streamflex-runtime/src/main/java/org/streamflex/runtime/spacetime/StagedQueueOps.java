package org.streamflex.runtime.spacetime;

import java.lang.foreign.MemorySegment;
import java.util.Arrays;

/**
 * The queue operations of a filter's running {@code work()} ({@link FilterThread}): puts staged
 * until it returns, gets made at once and undone if it throws, consumes staged. Used by the
 * filter's thread only; every method but {@link #stagePut} runs under the space's lock. Its arrays
 * grow to the most operations one {@code work()} made, then are reused.
 *
 * <pre>{@code
 * ops.got(input, item);          // a get: the item is taken from the queue's head now
 * ops.commitPuts(thread);        // work() returned: tickets in put order, after any other thread's
 * ops.undo(pool);                // work() threw: the gets go back to the queue's head, in order
 * }</pre>
 */
final class StagedQueueOps {
    private SpaceTimeQueue[] putQueues = new SpaceTimeQueue[4];
    private long[] putTimestamps = new long[4];
    private MemorySegment[] putSlots = new MemorySegment[4];
    private long[] putLengths = new long[4];
    private int putCount;

    private QueueInput[] gotOn = new QueueInput[4];
    private StoredItem[] got = new StoredItem[4];
    private int gotCount;

    private QueueInput[] consumedOn = new QueueInput[4];
    private long[] consumedTickets = new long[4];
    private int consumeCount;

    /** A put, checked by the caller, its bytes already in {@code slot}: the ticket is given at the commit. */
    void stagePut(SpaceTimeQueue queue, long timestamp, MemorySegment slot, long length) {
        if (putCount == putQueues.length) {
            putQueues = Arrays.copyOf(putQueues, putCount * 2);
            putTimestamps = Arrays.copyOf(putTimestamps, putCount * 2);
            putSlots = Arrays.copyOf(putSlots, putCount * 2);
            putLengths = Arrays.copyOf(putLengths, putCount * 2);
        }
        putQueues[putCount] = queue;
        putTimestamps[putCount] = timestamp;
        putSlots[putCount] = slot;
        putLengths[putCount++] = length;
    }

    /** A get made now, to undo if the work() throws. */
    void got(QueueInput input, StoredItem item) {
        if (gotCount == got.length) {
            gotOn = Arrays.copyOf(gotOn, gotCount * 2);
            got = Arrays.copyOf(got, gotCount * 2);
        }
        gotOn[gotCount] = input;
        got[gotCount++] = item;
    }

    /**
     * A consume, checked now against what the connection holds open.
     *
     * @throws SpaceTimeStateException if it holds no such ticket, or this work() consumes it already
     */
    void stageConsume(QueueInput input, long ticket, String filterName, String queueName) {
        var _ = input.openItem(ticket);
        for (int i = 0; i < consumeCount; i++) {
            if (consumedOn[i] == input && consumedTickets[i] == ticket) {
                throw new SpaceTimeStateException("filter " + filterName + " consumes ticket " + ticket + " of queue "
                        + queueName + " twice in one work()");
            }
        }
        if (consumeCount == consumedOn.length) {
            consumedOn = Arrays.copyOf(consumedOn, consumeCount * 2);
            consumedTickets = Arrays.copyOf(consumedTickets, consumeCount * 2);
        }
        consumedOn[consumeCount] = input;
        consumedTickets[consumeCount++] = ticket;
    }

    /** The work() returned: its puts join their queues in put order, each with the next ticket. */
    void commitPuts() {
        for (int i = 0; i < putCount; i++) {
            SpaceTimeQueue q = putQueues[i];
            q.add(new StoredItem(putTimestamps[i], q.nextTicket(), putSlots[i], putLengths[i], 1));
        }
    }

    /** The work() returned: its consumes free their items. */
    void commitConsumes() {
        for (int i = 0; i < consumeCount; i++) {
            consumedOn[i].consumeOpen(consumedTickets[i]);
        }
        forget();
    }

    /**
     * The work() threw: its puts' slots go back to the pool unseen, its consumes are dropped, and the
     * items it got go back to the head of their queues in the order they were got (newest put back
     * first), not consumed, for the next get.
     */
    void undo(SlotPool pool) {
        for (int i = 0; i < putCount; i++) {
            pool.give(putSlots[i]);
        }
        for (int i = gotCount - 1; i >= 0; i--) {
            gotOn[i].untake(got[i]);
        }
        for (int i = 0; i < gotCount; i++) {
            gotOn[i].queueWakeAll();
        }
        forget();
    }

    private void forget() {
        Arrays.fill(putQueues, 0, putCount, null);
        Arrays.fill(putSlots, 0, putCount, null);
        Arrays.fill(gotOn, 0, gotCount, null);
        Arrays.fill(got, 0, gotCount, null);
        Arrays.fill(consumedOn, 0, consumeCount, null);
        putCount = 0;
        gotCount = 0;
        consumeCount = 0;
    }
}
