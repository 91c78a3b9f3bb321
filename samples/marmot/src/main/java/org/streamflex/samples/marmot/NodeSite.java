package org.streamflex.samples.marmot;

import java.util.Arrays;

/**
 * One node of a deployment: where it stands, which way its array faces, and where its microphones
 * are in its own frame. Metres; the heading is counter-clockwise from the world's +x axis, and the
 * node frame's +x axis points along it, so a node-frame azimuth {@code a} is the world bearing
 * {@code heading + a}.
 *
 * <pre>{@code
 * NodeSite a = new NodeSite("A", 10, 0, 90, new double[] {0.03, -0.03, -0.03, 0.03},
 *         new double[] {0.03, 0.03, -0.03, -0.03});
 * double world = a.worldBearingDegrees(45);   // 135
 * }</pre>
 */
public final class NodeSite {
    private final String id;
    private final double x;
    private final double y;
    private final double headingDegrees;
    private final double[] micX;
    private final double[] micY;

    /** Node {@code id} at {@code (x, y)} facing {@code headingDegrees}, microphones at {@code (micX[i], micY[i])}. */
    public NodeSite(String id, double x, double y, double headingDegrees, double[] micX, double[] micY) {
        if (micX.length != micY.length) {
            throw new IllegalArgumentException("node " + id + ": " + micX.length + " x and " + micY.length
                    + " y microphone coordinates");
        }
        this.id = id;
        this.x = x;
        this.y = y;
        this.headingDegrees = headingDegrees;
        this.micX = micX.clone();
        this.micY = micY.clone();
    }

    /** The node's name, as in the CSV files and the {@code DOA node=} lines. */
    public String id() {
        return id;
    }

    /** World x of the array's origin, metres. */
    public double x() {
        return x;
    }

    /** World y of the array's origin, metres. */
    public double y() {
        return y;
    }

    /** The direction of the node frame's +x axis, degrees counter-clockwise from the world's +x. */
    public double headingDegrees() {
        return headingDegrees;
    }

    /** The number of microphones. */
    public int mics() {
        return micX.length;
    }

    /** Node-frame x of microphone {@code m}, metres. */
    public double micX(int m) {
        return micX[m];
    }

    /** Node-frame y of microphone {@code m}, metres. */
    public double micY(int m) {
        return micY[m];
    }

    /** All node-frame x coordinates (a copy). */
    public double[] micXs() {
        return micX.clone();
    }

    /** All node-frame y coordinates (a copy). */
    public double[] micYs() {
        return micY.clone();
    }

    /** World x of microphone {@code m}. */
    public double worldMicX(int m) {
        double h = Math.toRadians(headingDegrees);
        return x + micX[m] * Math.cos(h) - micY[m] * Math.sin(h);
    }

    /** World y of microphone {@code m}. */
    public double worldMicY(int m) {
        double h = Math.toRadians(headingDegrees);
        return y + micX[m] * Math.sin(h) + micY[m] * Math.cos(h);
    }

    /** The node-frame azimuth of the world point {@code (px, py)}, degrees in {@code [0, 360)}. */
    public double azimuthTo(double px, double py) {
        return Angles.wrap360(Math.toDegrees(Math.atan2(py - y, px - x)) - headingDegrees);
    }

    /** The world bearing of node-frame azimuth {@code azimuth}, degrees in {@code [0, 360)}. */
    public double worldBearingDegrees(double azimuth) {
        return Angles.wrap360(headingDegrees + azimuth);
    }

    /** The distance from the array's origin to {@code (px, py)}, metres. */
    public double distanceTo(double px, double py) {
        return Math.hypot(px - x, py - y);
    }

    /** The largest distance between two of its microphones, metres. */
    public double aperture() {
        double max = 0;
        for (int i = 0; i < micX.length; i++) {
            for (int j = i + 1; j < micX.length; j++) {
                max = Math.max(max, Math.hypot(micX[i] - micX[j], micY[i] - micY[j]));
            }
        }
        return max;
    }

    @Override
    public String toString() {
        return "node " + id + " at (" + x + ", " + y + ") heading " + headingDegrees + " mics x"
                + Arrays.toString(micX) + " y" + Arrays.toString(micY);
    }
}
