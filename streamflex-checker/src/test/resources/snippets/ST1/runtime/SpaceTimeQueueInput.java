package org.streamflex.runtime.spacetime;

// A stand-in with the runtime's name and shape: the checker does not depend on the runtime.

import org.streamflex.Stable;

public final class SpaceTimeQueueInput implements Stable {
    public SpaceTimeItem get() {
        return null;
    }

    public void consume(long ticket) {
    }

    public boolean hasWaiting() {
        return false;
    }
}
