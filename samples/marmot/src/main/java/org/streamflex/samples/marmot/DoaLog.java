package org.streamflex.samples.marmot;

import org.streamflex.Channel;
import org.streamflex.Filter;
import org.streamflex.FilterEvent;

/**
 * The server's entry: numbers each detection ({@link DoaVector#seq}), keeps a copy for the
 * command's {@code DOA} lines and plots, and passes every item on to clustering unchanged.
 * Keeps the first {@link #CAPACITY} detections; later ones are still passed on, and counted.
 * From the progress marks it keeps how far each node has listened, its sample rate, and whether
 * its end mark came: the first end mark of each node raises {@code node-ended}, which a server in
 * a JVM of its own watches (a counter, read safely from any thread) to know when every node is done.
 *
 * <p>Items stamped with another deployment than the server's ({@link DoaVector#deployment}: a
 * node of a split run that read other {@code nodes.csv} or {@code mics.csv} files) are told apart:
 * their detections are neither kept nor passed on, but counted per node index
 * ({@link #foreignDetections}); their marks still count (so that the run ends and clustering is not
 * held up waiting for that node), and the first item of each such node raises
 * {@code other-deployment}, after its fingerprint is stored, so a thread watching that counter reads
 * {@link #foreignDeployment} safely. Decision: ignore rather than stop the server, since the other
 * nodes' results are still right; the command names the node and exits 4.
 *
 * <pre>{@code
 * connect(joiner, log, "in", 256);        // the one channel from the node part
 * connect(log, "out", cluster, "in", 256);
 * }</pre>
 */
public final class DoaLog extends Filter {
    /** The most detections kept. */
    public static final int CAPACITY = 8192;
    /**
     * The event raised once per detection kept, after it is stored: a thread other than the
     * filter's reads detections {@code 0} to the event's count less one while the graph runs (the
     * counter is written with release after the arrays, and read with acquire).
     */
    static final String KEPT_EVENT = "detection-kept";
    private static final FilterEvent NOT_KEPT = FilterEvent.named("detection-not-kept");
    private static final FilterEvent NODE_ENDED = FilterEvent.named("node-ended");
    private static final FilterEvent KEPT = FilterEvent.named(KEPT_EVENT);
    private static final FilterEvent UNKNOWN_NODE = FilterEvent.named("mark-of-unknown-node");
    /** The event raised once per node index whose items carry another deployment's fingerprint. */
    static final String OTHER_DEPLOYMENT_EVENT = "other-deployment";
    private static final FilterEvent OTHER_DEPLOYMENT = FilterEvent.named(OTHER_DEPLOYMENT_EVENT);
    private static final FilterEvent FOREIGN_DETECTION = FilterEvent.named("detection-of-other-deployment");

    private Channel<DoaVector> in;
    private Channel<DoaVector> out;
    private final int[] nodes = new int[CAPACITY];
    private final long[] onsets = new long[CAPACITY];
    private final long[] starts = new long[CAPACITY];
    private final long[] ends = new long[CAPACITY];
    private final float[] azimuths = new float[CAPACITY];
    private final byte[] levels = new byte[CAPACITY * DoaVector.AZIMUTHS];
    private final long[] heard = new long[DoaCluster.MAX_NODES];
    private final float[] rates = new float[DoaCluster.MAX_NODES];
    private final boolean[] ended = new boolean[DoaCluster.MAX_NODES];
    private final long[] foreign = new long[DoaCluster.MAX_NODES];
    private final long[] foreignDetections = new long[DoaCluster.MAX_NODES];
    private long deployment;
    private int count;
    private int seen;

    private DoaLog() {
    }

    /** Sets the server's {@link Deployment#fingerprint}; before the graph runs. */
    void expect(long deploymentFingerprint) {
        this.deployment = deploymentFingerprint;
    }

    @Override
    public void work() {
        DoaVector v = in.take();
        if (v.deployment != deployment) {
            boolean known = v.node >= 0 && v.node < DoaCluster.MAX_NODES;
            if (known && foreign[v.node] == 0) {
                foreign[v.node] = v.deployment == 0 ? 1 : v.deployment;
                raise(OTHER_DEPLOYMENT);
            }
            if (v.kind == DoaVector.DETECTION) {
                if (known) {
                    foreignDetections[v.node]++;
                }
                raise(FOREIGN_DETECTION);
                return;
            }
        }
        if (v.kind == DoaVector.DETECTION) {
            v.seq = seen++;
            if (count < CAPACITY) {
                nodes[count] = v.node;
                onsets[count] = v.onsetNanos;
                starts[count] = v.startNanos;
                ends[count] = v.endNanos;
                azimuths[count] = v.azimuth;
                System.arraycopy(v.levels, 0, levels, count * DoaVector.AZIMUTHS, DoaVector.AZIMUTHS);
                count++;
                raise(KEPT);
            } else {
                raise(NOT_KEPT);
            }
        } else if (v.node < 0 || v.node >= DoaCluster.MAX_NODES) {
            raise(UNKNOWN_NODE);
        } else {
            heard[v.node] = Math.max(heard[v.node], v.endNanos);
            rates[v.node] = v.sampleRate;
            if (v.kind == DoaVector.END && !ended[v.node]) {
                ended[v.node] = true;
                raise(NODE_ENDED);
            }
        }
        out.put(v);
    }

    /** Detections kept; detection {@code i} has {@code seq == i}. */
    public int count() {
        return count;
    }

    /** Detections seen, kept or not. */
    public int seen() {
        return seen;
    }

    /** The node index of detection {@code i}. */
    public int node(int i) {
        return nodes[i];
    }

    /** Onset of detection {@code i}, nanoseconds on its node's clock. */
    public long onsetNanos(int i) {
        return onsets[i];
    }

    /** Start of detection {@code i}'s range. */
    public long startNanos(int i) {
        return starts[i];
    }

    /** End of detection {@code i}'s range. */
    public long endNanos(int i) {
        return ends[i];
    }

    /** Peak azimuth of detection {@code i}, node frame, degrees. */
    public float azimuth(int i) {
        return azimuths[i];
    }

    /** How far node {@code k} has listened, nanoseconds on its clock, by its marks (0 before the first). */
    public long heardNanos(int k) {
        return heard[k];
    }

    /** Node {@code k}'s sample rate, Hz, by its marks (0 before the first). */
    public float sampleRate(int k) {
        return rates[k];
    }

    /** Whether node {@code k}'s end mark came. */
    public boolean ended(int k) {
        return ended[k];
    }

    /**
     * The fingerprint of the other deployment node index {@code k}'s items carried, or 0 if they
     * carried the server's (a fingerprint of 0 itself reads as 1).
     */
    public long foreignDeployment(int k) {
        return foreign[k];
    }

    /** Detections of node index {@code k} ignored because they carried another deployment's fingerprint. */
    public long foreignDetections(int k) {
        return foreignDetections[k];
    }

    /** Level of azimuth bin {@code a} of detection {@code i}, 0 to 255. */
    public int level(int i, int a) {
        return levels[i * DoaVector.AZIMUTHS + a] & 0xFF;
    }
}
