package org.streamflex.samples.marmot;

import org.streamflex.Capsule;

/**
 * What a node sends the server: for a detection, its direction likelihood over 360 one-degree
 * azimuths of the node's frame, quantized to bytes; or a progress mark saying how far the node has
 * listened (so that the server knows when no more detections of a time can come). The one item
 * type of the channel between the node part and the server part of the graph, so a run split
 * between node JVMs and a server carries only these (the runtime's capsule codec encodes their
 * fields; {@link DoaWire} is a compact form of a detection).
 *
 * <pre>{@code
 * DoaVector v = makeCapsule(DoaVector.class);
 * v.kind = DoaVector.DETECTION;
 * v.node = 2;
 * v.levels[90] = (byte) 255;   // most likely from +y of the node's frame
 * out.put(v);
 * }</pre>
 */
public final class DoaVector extends Capsule {
    /** A detection with its likelihood vector. */
    public static final int DETECTION = 0;
    /** The node has fed audio up to {@link #endNanos}. */
    public static final int PROGRESS = 1;
    /** The node's audio has ended: nothing more will come from it. */
    public static final int END = 2;
    /** One-degree azimuth bins. */
    public static final int AZIMUTHS = 360;

    /** {@link #DETECTION}, {@link #PROGRESS} or {@link #END}. */
    public int kind;
    /** The node's index in the deployment. */
    public int node;
    /** The number the server's log gave the detection, from 0 (set on the server side). */
    public int seq;
    /** The detection's range on the node's clock: first instant, nanoseconds. */
    public long startNanos;
    /** One past the range's last instant (for progress: how far the node has listened). */
    public long endNanos;
    /** The call's onset: the first score above the detector's threshold. */
    public long onsetNanos;
    /** The most likely azimuth in the node's frame, degrees in [0, 360), interpolated between bins. */
    public float azimuth;
    /** The steered response power at the peak, for diagnostics. */
    public float peak;
    /**
     * On progress and end marks: the node's sample rate, Hz, so that a server in another JVM can
     * account for the raw audio a detection stands for; 0 on detections.
     */
    public float sampleRate;
    /**
     * The {@link Deployment#fingerprint} of the deployment the sending node read: the server ignores
     * (and counts) detections whose deployment is not its own, since their node index and
     * microphone geometry would not mean what they mean to it.
     */
    public long deployment;
    /**
     * The relative likelihood of each azimuth bin (unsigned, 0 to 255): {@code (J - min J) / (max J
     * - min J)} of the steered response power {@code J}, so the peak is 255.
     */
    public final byte[] levels = new byte[AZIMUTHS];

    private DoaVector() {
    }
}
