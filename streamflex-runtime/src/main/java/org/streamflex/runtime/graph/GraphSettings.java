package org.streamflex.runtime.graph;

import org.streamflex.Deployment;
import org.streamflex.StreamFlexProperties;
import org.streamflex.runtime.atomic.AtomicLimits;

/**
 * What one graph was configured with when it was built, read from {@link StreamFlexProperties}
 * then: a graph built later sees the properties as they are then. The clock options are read at
 * {@code start()} instead ({@code RealTime.defaults()}), where code can still set them.
 *
 * @param regions whether woven filter code allocates from transient regions
 * @param heapAccounting whether each filter counts the heap bytes its work() allocates
 * @param maxRegionBytes the limit of all filters' regions together
 * @param atomicLimits what one {@code @Atomic} call may touch
 * @param jmx whether the graph's counters become MBeans while it runs
 * @param ratesCheck whether each work() is checked against its filter's declared rates
 * @param fusion whether each static subgraph runs as one fused task
 * @param fission whether fused stateless filters split their batches across worker threads
 * @param fissionReplicas replicas per fissioned filter, 0 for one per available processor
 * @param fissionMinPartNanos the least measured work one replica's part must hold
 * @param workers whether graphs run on worker threads where they can
 * @param workerCores worker threads, 0 for one per available processor
 * @param workerPin whether each worker is pinned to a CPU of its own
 * @param workerMoves whether a worker whose CPU another process shares hands its work to a neighbour
 * @param workerProfile a file of measured costs placing the work, or empty to measure
 * @param deployment the part of a node/server graph this JVM runs ({@link Deployment#current()})
 */
record GraphSettings(boolean regions, boolean heapAccounting, long maxRegionBytes, AtomicLimits atomicLimits,
        boolean jmx, boolean ratesCheck, boolean fusion, boolean fission, int fissionReplicas,
        long fissionMinPartNanos, boolean workers, int workerCores, boolean workerPin, boolean workerMoves,
        String workerProfile, Deployment deployment) {
    /** The settings the system properties give now. */
    static GraphSettings fromProperties() {
        return new GraphSettings(StreamFlexProperties.REGIONS.get(), StreamFlexProperties.HEAP_ACCOUNTING.get(),
                StreamFlexProperties.REGIONS_MAX_BYTES.get(), AtomicLimits.fromProperties(),
                StreamFlexProperties.JMX.get(), StreamFlexProperties.RATES_CHECK.get(),
                StreamFlexProperties.FUSION.get(), StreamFlexProperties.FISSION.get(),
                StreamFlexProperties.FISSION_REPLICAS.get(), StreamFlexProperties.FISSION_MIN_PART_NANOS.get(),
                StreamFlexProperties.WORKERS.get(), StreamFlexProperties.WORKERS_CORES.get(),
                StreamFlexProperties.WORKERS_PIN.get(), StreamFlexProperties.WORKERS_MOVE.get(),
                StreamFlexProperties.WORKERS_PROFILE.get(),
                Deployment.current());
    }
}
