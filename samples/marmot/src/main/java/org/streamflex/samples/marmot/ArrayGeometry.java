package org.streamflex.samples.marmot;

import java.util.Locale;

/**
 * What a node's microphone positions let the direction-of-arrival stage find. Delays between
 * microphones tell a direction only along the lines that join them: microphones at one point tell
 * none, microphones on one line tell an azimuth and its mirror across that line apart no better
 * than chance. So {@link Deployment#read} refuses the first and warns of the second, and warns of an
 * array metres across, which is what positions written in millimetres look like, and of one centred
 * metres from its node, which is what world coordinates look like.
 *
 * <p>The spread is measured by the principal axes of the positions (the eigenvalues of their 2 x 2
 * covariance): "across" is the standard deviation across the best-fitting line, "along" along it.
 *
 * <pre>{@code
 * ArrayGeometry g = ArrayGeometry.of(new double[] {0.1, 0, -0.1, 0}, new double[] {0, 0.1, 0, -0.1});
 * g.extentMetres();   // 0.2
 * g.onOneLine();      // false
 * }</pre>
 */
final class ArrayGeometry {
    /** Microphones closer together than this, all of them, tell no direction: refused. */
    static final double MIN_EXTENT_M = 0.001;
    /** An array whose spread across its best line is below this share of its spread along it is a line. */
    static final double LINE_SHARE = 0.01;
    /** An array wider than this is warned of: a 4-microphone node's array is centimetres to decimetres across. */
    static final double MAX_EXTENT_M = 2.0;

    private final double extent;
    private final double along;
    private final double across;
    private final double centre;

    private ArrayGeometry(double extent, double along, double across, double centre) {
        this.extent = extent;
        this.along = along;
        this.across = across;
        this.centre = centre;
    }

    /** The geometry of microphones at {@code (xs[i], ys[i])}, metres. */
    static ArrayGeometry of(double[] xs, double[] ys) {
        int n = xs.length;
        double extent = 0;
        double mx = 0;
        double my = 0;
        for (int i = 0; i < n; i++) {
            mx += xs[i] / n;
            my += ys[i] / n;
            for (int j = i + 1; j < n; j++) {
                extent = Math.max(extent, Math.hypot(xs[i] - xs[j], ys[i] - ys[j]));
            }
        }
        double sxx = 0;
        double syy = 0;
        double sxy = 0;
        for (int i = 0; i < n; i++) {
            double dx = xs[i] - mx;
            double dy = ys[i] - my;
            sxx += dx * dx / n;
            syy += dy * dy / n;
            sxy += dx * dy / n;
        }
        double mean = (sxx + syy) / 2;
        double radius = Math.hypot((sxx - syy) / 2, sxy);
        return new ArrayGeometry(extent, Math.sqrt(mean + radius), Math.sqrt(Math.max(0, mean - radius)),
                Math.hypot(mx, my));
    }

    /** The largest distance between two of the microphones, metres. */
    double extentMetres() {
        return extent;
    }

    /** Whether the microphones lie on one line, within {@link #LINE_SHARE} of their spread along it. */
    boolean onOneLine() {
        return across < LINE_SHARE * along;
    }

    /** Why the array is refused, or null: its microphones at one point. */
    String refusal(String node, int mics) {
        if (extent >= MIN_EXTENT_M) {
            return null;
        }
        return String.format(Locale.ROOT, "the %d microphones of node %s are at most %.2f mm apart: no direction can be"
                + " found from delays between them (positions are metres in the node's frame)", mics, node,
                extent * 1e3);
    }

    /** What to warn of, or null: an array on one line, metres across, or metres from its node's origin. */
    String warning(String node) {
        if (onOneLine()) {
            return String.format(Locale.ROOT, "the microphones of node %s lie on one line (%.2f mm across it, %.0f mm"
                    + " along it): each azimuth is told from its mirror across that line no better than by"
                    + " chance", node, across * 1e3, along * 1e3);
        }
        if (extent > MAX_EXTENT_M) {
            return String.format(Locale.ROOT, "the microphones of node %s are up to %.2f m apart: positions are metres"
                    + " in the node's frame (were they written in millimetres?)", node, extent);
        }
        if (centre > MAX_EXTENT_M) {
            // Delays depend only on the differences of positions, so the DOA is unharmed; but an offset
            // this large is what world coordinates look like, and with them the heading is likely wrong.
            return String.format(Locale.ROOT, "the microphones of node %s are centred %.2f m from the node's origin:"
                    + " positions are metres in the node's frame, around its position in nodes.csv (were world"
                    + " coordinates written?)", node, centre);
        }
        return null;
    }
}
