package org.streamflex.runtime.schedule;

import org.streamflex.abi.RegionSlot;

/**
 * What a clock releases and a filter runs downstream of itself: one filter ({@link FilterTask}) or
 * a static subgraph fused into one task ({@link FusedTask}).
 *
 * <pre>{@code
 * Schedulable next = fused != null ? fused : task;
 * next.runEagerly(Regions.current());
 * }</pre>
 */
public interface Schedulable {
    /**
     * Runs while there is work, then the tasks downstream, depth first; returns at once if this
     * thread already runs it (a cycle: the outer frame looks again).
     *
     * @param slot the calling thread's region slot, looked up once by the caller
     * @throws org.streamflex.BoundaryError if a work() or trigger() threw and its failure policy
     *     stops the graph
     */
    void runEagerly(RegionSlot slot);
}
