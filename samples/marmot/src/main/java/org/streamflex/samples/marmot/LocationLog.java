package org.streamflex.samples.marmot;

import org.streamflex.Channel;
import org.streamflex.Filter;
import org.streamflex.FilterEvent;

/**
 * Keeps the located calls for the command's {@code LOC} lines and map plots: the first
 * {@link #CAPACITY}; later ones are counted.
 *
 * <pre>{@code
 * for (int i = 0; i < log.count(); i++) { log.x(i); log.y(i); log.emittedNanos(i); }
 * }</pre>
 */
public final class LocationLog extends Filter {
    /** The most locations kept. */
    public static final int CAPACITY = 4096;
    /**
     * The event raised once per location kept, after it is stored: a thread other than the
     * filter's reads locations {@code 0} to the event's count less one while the graph runs.
     */
    static final String KEPT_EVENT = "location-kept";
    private static final FilterEvent NOT_KEPT = FilterEvent.named("location-not-kept");
    private static final FilterEvent KEPT = FilterEvent.named(KEPT_EVENT);

    private Channel<Location> in;
    private final long[] emitted = new long[CAPACITY];
    private final double[] xs = new double[CAPACITY];
    private final double[] ys = new double[CAPACITY];
    private final double[] logLikelihoods = new double[CAPACITY];
    private final int[] counts = new int[CAPACITY];
    private final int[] seqs = new int[CAPACITY * DoaCluster.MAX_NODES];
    private int count;

    private LocationLog() {
    }

    @Override
    public void work() {
        Location l = in.take();
        if (count == CAPACITY) {
            raise(NOT_KEPT);
            return;
        }
        emitted[count] = l.emittedNanos;
        xs[count] = l.x;
        ys[count] = l.y;
        logLikelihoods[count] = l.logLikelihood;
        counts[count] = l.count;
        System.arraycopy(l.seq, 0, seqs, count * DoaCluster.MAX_NODES, DoaCluster.MAX_NODES);
        count++;
        raise(KEPT);
    }

    /** Locations kept. */
    public int count() {
        return count;
    }

    /** Estimated emission time of location {@code i}, nanoseconds. */
    public long emittedNanos(int i) {
        return emitted[i];
    }

    /** World x of location {@code i}. */
    public double x(int i) {
        return xs[i];
    }

    /** World y of location {@code i}. */
    public double y(int i) {
        return ys[i];
    }

    /** The fused log-likelihood at location {@code i}. */
    public double logLikelihood(int i) {
        return logLikelihoods[i];
    }

    /** Nodes fused into location {@code i}. */
    public int nodes(int i) {
        return counts[i];
    }

    /** The detection number of the {@code m}-th node fused into location {@code i}. */
    public int seq(int i, int m) {
        return seqs[i * DoaCluster.MAX_NODES + m];
    }
}
