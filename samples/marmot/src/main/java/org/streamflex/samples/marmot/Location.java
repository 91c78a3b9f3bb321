package org.streamflex.samples.marmot;

import org.streamflex.Capsule;

/**
 * A located call: the grid cell of largest fused likelihood, refined between cells, and when the
 * call was emitted.
 *
 * <pre>{@code
 * Location l = in.take();
 * System.out.println(l.x + ", " + l.y);
 * }</pre>
 */
public final class Location extends Capsule {
    /** The estimated emission time, nanoseconds (the members' onsets less their travel times, averaged). */
    public long emittedNanos;
    /** World x, metres. */
    public double x;
    /** World y, metres. */
    public double y;
    /** The fused log-likelihood there. */
    public double logLikelihood;
    /** Nodes fused. */
    public int count;
    /** Their detections' numbers ({@link DoaVector#seq}). */
    public final int[] seq = new int[DoaCluster.MAX_NODES];

    private Location() {
    }
}
