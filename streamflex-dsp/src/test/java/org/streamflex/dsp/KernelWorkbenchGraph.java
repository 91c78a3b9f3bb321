package org.streamflex.dsp;

import org.streamflex.Clock;
import org.streamflex.StreamFlexGraph;

/** One {@link KernelWorkbench} released by a free-running clock (each driver step). */
public final class KernelWorkbenchGraph extends StreamFlexGraph {
    /** The filter, for the test to read. */
    public final KernelWorkbench bench;

    /** Builds and validates the graph. */
    public KernelWorkbenchGraph() {
        Clock clock = makeClock(0);
        bench = makeFilter(KernelWorkbench.class, 256 * 1024, DEFAULT_TRANSIENT_BYTES);
        connect(clock, bench, "timer");
        validate();
    }
}
