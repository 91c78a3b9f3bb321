package org.streamflex.samples.marmot;

import org.streamflex.Capsule;

/**
 * Detections of one call by several nodes, as {@link TemporalCluster} groups them: at most one
 * per node, their onsets within the cluster window.
 *
 * <pre>{@code
 * DoaCluster c = in.take();
 * for (int i = 0; i < c.count; i++) { c.node[i]; c.levels[i * DoaVector.AZIMUTHS + a]; }
 * }</pre>
 */
public final class DoaCluster extends Capsule {
    /** The most nodes in a cluster. */
    public static final int MAX_NODES = 16;

    /** Members. */
    public int count;
    /** Each member's node index. */
    public final int[] node = new int[MAX_NODES];
    /** Each member's detection number ({@link DoaVector#seq}). */
    public final int[] seq = new int[MAX_NODES];
    /** Each member's onset, nanoseconds. */
    public final long[] onset = new long[MAX_NODES];
    /** Each member's levels, 360 per member. */
    public final byte[] levels = new byte[MAX_NODES * DoaVector.AZIMUTHS];

    private DoaCluster() {
    }
}
