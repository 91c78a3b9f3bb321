package org.streamflex.samples.marmot;

/**
 * A detection as the command reports it: which node, when (seconds on the node's clock, from the
 * start of its recording) and from where (node-frame azimuth), with its likelihood levels.
 *
 * <pre>{@code
 * System.out.printf("DOA node=%s t=%.4f az=%.1f%n", d.node(), d.onsetSeconds(), d.azimuth());
 * }</pre>
 *
 * @param seq the detection's number, from 0
 * @param nodeIndex the node's index among the nodes that ran
 * @param node the node's id
 * @param onsetSeconds the first score above the threshold
 * @param startSeconds the padded range's start
 * @param endSeconds the padded range's end
 * @param azimuth the most likely azimuth, degrees in [0, 360)
 * @param levels the 360 levels, 0 to 255
 */
@SuppressWarnings("ArrayRecordComponent") // a report, never compared
public record Detection(int seq, int nodeIndex, String node, double onsetSeconds, double startSeconds,
        double endSeconds, double azimuth, int[] levels) {
}
