package org.streamflex.runtime.spacetime;

// A stand-in with the runtime's name and shape: the checker does not depend on the runtime.

import org.streamflex.Filter;

public abstract class SpaceTimeFilter extends Filter {
    protected abstract void process();

    @Override
    public final void work() {
        ItemView theRuntimesOwn = null; // the package's own code may name the plain-thread API
        process();
    }
}
