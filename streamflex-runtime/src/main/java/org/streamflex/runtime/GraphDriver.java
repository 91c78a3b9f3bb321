package org.streamflex.runtime;

import java.util.List;
import org.streamflex.BoundaryError;
import org.streamflex.StreamFlexError;
import org.streamflex.StreamFlexGraph;
import org.streamflex.abi.RegionSlot;
import org.streamflex.abi.Regions;
import org.streamflex.runtime.clock.RuntimeClock;
import org.streamflex.runtime.flight.Flight;
import org.streamflex.runtime.graph.RuntimeGraph;
import org.streamflex.spi.GraphAssembly;

/**
 * Runs a validated graph on the calling thread in virtual time, without sleeping: for tests that
 * must be exact and for benchmarks that measure the graph, not the clock.
 *
 * <p>Each step advances virtual time to the next release boundary of the periodic clocks and
 * releases every clock due then, in creation order; free-running clocks release at every step
 * (with no periodic clock, a step is one microsecond). Work takes no virtual time, so no
 * deadline is ever missed.
 *
 * <pre>{@code
 * Simple graph = new Simple(1000);
 * GraphDriver.of(graph).run(10_000);    // 10,000 releases of its clock
 * }</pre>
 */
public final class GraphDriver {
    private final RuntimeGraph graph;
    private final List<RuntimeClock> clocks;
    private final long[] nextBoundary;
    private long now;
    private long steps;

    private GraphDriver(RuntimeGraph graph) {
        this.graph = graph;
        this.clocks = graph.beginDriving();
        this.nextBoundary = new long[clocks.size()];
    }

    /**
     * A driver for the graph, which must be validated and never started. A graph is either
     * driven or started, not both.
     */
    public static GraphDriver of(StreamFlexGraph graph) {
        GraphAssembly assembly = ApiAccess.assemblyOf(graph);
        if (!(assembly instanceof RuntimeGraph runtimeGraph)) {
            throw new StreamFlexError("this graph was assembled by another runtime: " + assembly.getClass().getName());
        }
        return new GraphDriver(runtimeGraph);
    }

    /**
     * Runs {@code count} steps.
     *
     * @throws BoundaryError if a work() threw; the graph is stopped and cannot be driven further
     */
    public GraphDriver run(long count) {
        RegionSlot regions = Regions.current();
        for (long i = 0; i < count; i++) {
            step(regions);
        }
        return this;
    }

    /** Runs one step: releases every clock due at the next boundary. */
    public void step() {
        step(Regions.current());
    }

    private void step(RegionSlot regions) {
        if (!graph.drivable()) {
            throw new StreamFlexError("the graph was stopped"
                    + (graph.failure() != null ? " by " + graph.failure().getMessage() : ""));
        }
        long due = Long.MAX_VALUE;
        for (int i = 0; i < clocks.size(); i++) {
            int period = clocks.get(i).periodMicros();
            if (period > 0) {
                due = Math.min(due, nextBoundary[i] * period);
            }
        }
        now = due == Long.MAX_VALUE ? steps : due;
        try {
            for (int i = 0; i < clocks.size(); i++) {
                RuntimeClock clock = clocks.get(i);
                int period = clock.periodMicros();
                if (period == 0) {
                    clock.release(now, 0, regions);
                } else if (nextBoundary[i] * period == now) {
                    clock.release(now, 0, regions);
                    nextBoundary[i]++;
                }
            }
        } catch (BoundaryError failure) {
            Flight.failure(failure, "GraphDriver");
            graph.driverFailed(failure);
            throw failure;
        }
        steps++;
    }

    /** Virtual time of the last step, in microseconds. */
    public long nowMicros() {
        return now;
    }

    /** Steps run so far. */
    public long steps() {
        return steps;
    }
}
