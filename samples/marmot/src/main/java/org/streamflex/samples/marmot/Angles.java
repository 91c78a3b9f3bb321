package org.streamflex.samples.marmot;

/**
 * Angle arithmetic in degrees, as the sample prints and compares azimuths.
 *
 * <pre>{@code
 * Angles.wrap360(-10);          // 350
 * Angles.difference(359, 1);    // 2
 * }</pre>
 */
public final class Angles {
    private Angles() {
    }

    /** {@code degrees} brought into {@code [0, 360)}. */
    public static double wrap360(double degrees) {
        double d = degrees % 360.0;
        if (d < 0) {
            d += 360.0;
        }
        return d >= 360.0 ? 0.0 : d;
    }

    /** The unsigned angle between two azimuths, degrees in {@code [0, 180]}. */
    public static double difference(double a, double b) {
        double d = wrap360(a - b);
        return d > 180.0 ? 360.0 - d : d;
    }
}
