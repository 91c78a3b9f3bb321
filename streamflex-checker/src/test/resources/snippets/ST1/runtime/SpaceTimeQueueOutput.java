package org.streamflex.runtime.spacetime;

// A stand-in with the runtime's name and shape: the checker does not depend on the runtime.

import org.streamflex.Stable;

public final class SpaceTimeQueueOutput implements Stable {
    public void put(long timestamp, byte[] src) {
    }
}
