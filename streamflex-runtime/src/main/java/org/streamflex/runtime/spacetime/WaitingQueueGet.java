package org.streamflex.runtime.spacetime;

import io.netty.util.concurrent.EventExecutor;

/**
 * A remote queue get waiting for a put on the server's event loop ({@link WaitingGet}), registered
 * with the queue through {@link QueueInput#getOrNotify}: whichever get, local or remote, polls the
 * queue first after the put takes the item; the others wait on.
 *
 * <pre>{@code
 * new WaitingQueueGet(session, loop, request, input, room).start(timeoutNanos);
 * }</pre>
 */
final class WaitingQueueGet extends WaitingGet {
    private final QueueInput input;
    private final int room;

    WaitingQueueGet(SpaceTimeSession session, EventExecutor loop, long request, QueueInput input, int room) {
        super(session, loop, SpaceTimeWire.QUEUE_GET, request);
        this.input = input;
        this.room = room;
    }

    @Override
    boolean attempt(Runnable onArrival) {
        return answered(input.getOrNotify(room, onArrival), room);
    }

    @Override
    void last() throws ItemNotAvailableException {
        session.item(request, input.stopWaiting(room, this), room);
    }
}
