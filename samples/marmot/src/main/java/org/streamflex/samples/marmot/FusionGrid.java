package org.streamflex.samples.marmot;

/**
 * The fusion criterion: the log-likelihood of a source at a world point, given each node's
 * direction likelihood, {@code L(g) = sum_k log(eps + P_k(bearing_k(g)))}, where
 * {@code bearing_k(g)} is the azimuth of {@code g} in node {@code k}'s frame and {@code P_k} its
 * levels (0 to 255, scaled to [0, 1]) interpolated linearly between one-degree bins. {@code eps}
 * bounds what one node can veto: a node that heard a reflection or noise costs at most
 * {@code log(eps)}, not minus infinity. Static and allocation-free, shared by the fusion filter and
 * the map plot.
 *
 * <pre>{@code
 * double l = FusionGrid.logLikelihood(x, y, count, nodeOf, levels, nodeX, nodeY, headingDeg, 0.02);
 * }</pre>
 */
public final class FusionGrid {
    private FusionGrid() {
    }

    /**
     * {@code L(x, y)} over the {@code count} members of a cluster.
     *
     * @param nodeOf each member's node index
     * @param levels each member's 360 levels, member after member
     * @param nodeX world x of each node (by node index)
     * @param nodeY world y of each node
     * @param headingDegrees each node's heading
     * @param eps the floor added to each likelihood, above 0
     */
    public static double logLikelihood(double x, double y, int count, int[] nodeOf, byte[] levels, double[] nodeX,
            double[] nodeY, double[] headingDegrees, double eps) {
        double sum = 0;
        for (int i = 0; i < count; i++) {
            int k = nodeOf[i];
            double az = Math.toDegrees(Math.atan2(y - nodeY[k], x - nodeX[k])) - headingDegrees[k];
            az %= 360.0;
            if (az < 0) {
                az += 360.0;
            }
            int bin = (int) az;
            double frac = az - bin;
            bin %= DoaVector.AZIMUTHS;
            int next = (bin + 1) % DoaVector.AZIMUTHS;
            int base = i * DoaVector.AZIMUTHS;
            double p = ((1 - frac) * (levels[base + bin] & 0xFF) + frac * (levels[base + next] & 0xFF)) / 255.0;
            sum += Math.log(eps + p);
        }
        return sum;
    }
}
