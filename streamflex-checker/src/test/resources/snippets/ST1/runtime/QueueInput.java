package org.streamflex.runtime.spacetime;

// A stand-in with the runtime's name and shape: the checker does not depend on the runtime.

public final class QueueInput {
    public ItemView get() throws ItemNotAvailableException {
        throw new ItemNotAvailableException();
    }

    public void consume(long ticket) {
    }
}
