package org.streamflex.bench.hybrid;

/**
 * One way to run a {@link Chain}: plain calls, a thread per filter, or a StreamFlex graph. A run
 * pushes the items {@code 0 .. items - 1} through it and reports what the sink received and how long
 * it took from the first item in to the last item out; whatever a run sets up (threads, a graph)
 * is done before that.
 *
 * <pre>{@code
 * Variant v = new PlainChain(new Chain(8, 1, 10));
 * Variant.Run r = v.run(1 << 16);
 * double itemsPerSecond = r.itemsPerSecond();
 * }</pre>
 */
public interface Variant {
    /** The chain this variant runs. */
    Chain chain();

    /**
     * Runs {@code items} items through the chain.
     *
     * @throws IllegalStateException if the run could not finish: a filter failed, or the sink did not
     *     receive every item in time
     */
    Run run(long items) throws InterruptedException;

    /**
     * One run's result.
     *
     * @param checksum what the sink received
     * @param nanos from the first item in to the last item out
     */
    record Run(Checksum checksum, long nanos) {
        public double itemsPerSecond() {
            return checksum.items() * 1e9 / Math.max(1, nanos);
        }
    }
}
