package org.streamflex.runtime.spacetime;

import io.netty.util.concurrent.EventExecutor;

/**
 * A remote channel get waiting for its item on the server's event loop ({@link WaitingGet}),
 * registered with the channel through {@link InputConnection#getOrNotify}.
 *
 * <pre>{@code
 * new WaitingChannelGet(session, loop, request, input, 12, null, room).start(timeoutNanos);
 * }</pre>
 */
final class WaitingChannelGet extends WaitingGet {
    private final InputConnection input;
    private final long timestamp;
    private final Wildcard wildcard;
    private final int room;

    WaitingChannelGet(SpaceTimeSession session, EventExecutor loop, long request, InputConnection input,
            long timestamp, Wildcard wildcard, int room) {
        super(session, loop, SpaceTimeWire.GET, request);
        this.input = input;
        this.timestamp = timestamp;
        this.wildcard = wildcard;
        this.room = room;
    }

    @Override
    boolean attempt(Runnable onArrival) {
        return answered(input.getOrNotify(timestamp, wildcard, onArrival), room);
    }

    @Override
    void last() throws ItemNotAvailableException {
        session.item(request, input.stopWaiting(timestamp, wildcard, this), room);
    }
}
