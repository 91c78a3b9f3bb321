package org.streamflex.runtime.spacetime;

// A stand-in with the runtime's name and shape: the checker does not depend on the runtime.

import org.streamflex.Shared;

public final class SpaceTimeItem extends Shared {
    public long timestamp() {
        return 0;
    }

    public long ticket() {
        return 0;
    }

    public long getLong(long offset) {
        return offset;
    }

    @Override
    protected void freed() {
    }
}
