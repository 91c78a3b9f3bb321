package org.streamflex.runtime.spacetime;

import io.netty.util.concurrent.EventExecutor;

/**
 * A remote register read waiting for a write on the server's event loop ({@link WaitingGet}),
 * registered with the register through {@link RegisterConnection#readNewOrNotify}.
 *
 * <pre>{@code
 * new WaitingRegisterRead(session, loop, request, connection, room).start(timeoutNanos);
 * }</pre>
 */
final class WaitingRegisterRead extends WaitingGet {
    private final RegisterConnection connection;
    private final int room;

    WaitingRegisterRead(SpaceTimeSession session, EventExecutor loop, long request, RegisterConnection connection,
            int room) {
        super(session, loop, SpaceTimeWire.REGISTER_READ, request);
        this.connection = connection;
        this.room = room;
    }

    @Override
    boolean attempt(Runnable onArrival) {
        return session.registerValue(request, connection, room, onArrival);
    }

    @Override
    void last() throws ItemNotAvailableException {
        session.lastRegisterValue(request, connection, room, this);
    }
}
