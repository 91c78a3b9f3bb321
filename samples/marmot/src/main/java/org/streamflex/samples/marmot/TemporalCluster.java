package org.streamflex.samples.marmot;

import java.util.Arrays;
import org.streamflex.Channel;
import org.streamflex.Filter;
import org.streamflex.FilterEvent;

/**
 * Groups detections of the same call from different nodes: the earliest pending detection and,
 * from every other node, its earliest detection whose onset is at most {@code window} later (a call
 * reaches two nodes at most their distance over the speed of sound apart, plus the detectors'
 * onset jitter). A group goes out once every node has listened {@code wait} past its window (the
 * nodes' progress marks say how far), so late detections of the call are in it; groups with fewer
 * than {@code minNodes} nodes are counted and dropped.
 *
 * <pre>{@code
 * cluster.configure(nodes, 120_000_000L, 2_000_000_000L, 2);
 * }</pre>
 */
public final class TemporalCluster extends Filter {
    /** The most detections waiting. */
    public static final int PENDING = 512;
    private static final FilterEvent TOO_FEW = FilterEvent.named("cluster-too-few-nodes");
    private static final FilterEvent OVERFLOW = FilterEvent.named("pending-overflow");

    private Channel<DoaVector> in;
    private Channel<DoaCluster> out;
    private final long[] progress = new long[DoaCluster.MAX_NODES];
    private final int[] pNode = new int[PENDING];
    private final int[] pSeq = new int[PENDING];
    private final long[] pOnset = new long[PENDING];
    private final byte[] pLevels = new byte[PENDING * DoaVector.AZIMUTHS];
    private final boolean[] taken = new boolean[PENDING];
    private final boolean[] nodeTaken = new boolean[DoaCluster.MAX_NODES];
    private int pending;
    private int nodes = 1;
    private long window = 120_000_000L;
    private long wait = 2_000_000_000L;
    private int minNodes = 2;
    /** Groups sent. */
    public long clusters;
    /** Groups dropped for too few nodes. */
    public long dropped;

    private TemporalCluster() {
        Arrays.fill(progress, Long.MIN_VALUE);
    }

    /** Sets the nodes, the window and wait (nanoseconds), the fewest nodes of a group; before the graph runs. */
    void configure(int nodeCount, long windowNanos, long waitNanos, int fewestNodes) {
        if (nodeCount < 1 || nodeCount > DoaCluster.MAX_NODES || windowNanos < 0 || waitNanos < 0 || fewestNodes < 1) {
            throw new IllegalArgumentException("TemporalCluster: " + nodeCount + " nodes (1.." + DoaCluster.MAX_NODES
                    + "), window " + windowNanos + " ns, wait " + waitNanos + " ns, at least " + fewestNodes
                    + " nodes");
        }
        this.nodes = nodeCount;
        this.window = windowNanos;
        this.wait = waitNanos;
        this.minNodes = fewestNodes;
    }

    @Override
    public void work() {
        DoaVector v = in.take();
        if (v.kind == DoaVector.DETECTION) {
            if (pending == PENDING) {
                raise(OVERFLOW);
                emit();
            }
            insert(v);
        } else if (v.node >= 0 && v.node < nodes) {
            progress[v.node] = v.kind == DoaVector.END ? Long.MAX_VALUE : Math.max(progress[v.node], v.endNanos);
        }
        long heard = Long.MAX_VALUE;
        for (int k = 0; k < nodes; k++) {
            heard = Math.min(heard, progress[k]);
        }
        boolean everyNodeHeard = heard != Long.MIN_VALUE;
        while (pending > 0 && (heard == Long.MAX_VALUE || (everyNodeHeard && pOnset[0] + window + wait <= heard))) {
            emit();
        }
    }

    private void insert(DoaVector v) {
        int at = pending;
        while (at > 0 && pOnset[at - 1] > v.onsetNanos) {
            at--;
        }
        for (int i = pending; i > at; i--) {
            pNode[i] = pNode[i - 1];
            pSeq[i] = pSeq[i - 1];
            pOnset[i] = pOnset[i - 1];
            System.arraycopy(pLevels, (i - 1) * DoaVector.AZIMUTHS, pLevels, i * DoaVector.AZIMUTHS,
                    DoaVector.AZIMUTHS);
        }
        pNode[at] = v.node;
        pSeq[at] = v.seq;
        pOnset[at] = v.onsetNanos;
        System.arraycopy(v.levels, 0, pLevels, at * DoaVector.AZIMUTHS, DoaVector.AZIMUTHS);
        pending++;
    }

    /** Sends (or drops) the group of the earliest pending detection and removes its members. */
    private void emit() {
        for (int k = 0; k < DoaCluster.MAX_NODES; k++) {
            nodeTaken[k] = false;
        }
        long last = pOnset[0] + window;
        int members = 0;
        for (int i = 0; i < pending && pOnset[i] <= last; i++) {
            taken[i] = !nodeTaken[pNode[i]];
            if (taken[i]) {
                nodeTaken[pNode[i]] = true;
                members++;
            }
        }
        if (members >= minNodes) {
            DoaCluster c = makeCapsule(DoaCluster.class);
            c.count = 0;
            for (int i = 0; i < pending && pOnset[i] <= last; i++) {
                if (taken[i]) {
                    c.node[c.count] = pNode[i];
                    c.seq[c.count] = pSeq[i];
                    c.onset[c.count] = pOnset[i];
                    System.arraycopy(pLevels, i * DoaVector.AZIMUTHS, c.levels, c.count * DoaVector.AZIMUTHS,
                            DoaVector.AZIMUTHS);
                    c.count++;
                }
            }
            out.put(c);
            clusters++;
        } else {
            raise(TOO_FEW);
            dropped++;
        }
        int kept = 0;
        for (int i = 0; i < pending; i++) {
            boolean member = pOnset[i] <= last && taken[i];
            taken[i] = false;
            if (!member) {
                if (kept != i) {
                    pNode[kept] = pNode[i];
                    pSeq[kept] = pSeq[i];
                    pOnset[kept] = pOnset[i];
                    System.arraycopy(pLevels, i * DoaVector.AZIMUTHS, pLevels, kept * DoaVector.AZIMUTHS,
                            DoaVector.AZIMUTHS);
                }
                kept++;
            }
        }
        pending = kept;
    }
}
