package org.streamflex.samples.marmot;

import org.streamflex.Channel;
import org.streamflex.Filter;

/**
 * Locates a cluster's call: evaluates {@link FusionGrid#logLikelihood} at the centre of every cell
 * of a rectangular grid, takes the best cell and refines it by a parabola through its neighbours
 * along x and along y (at most half a cell), and puts a {@link Location}.
 *
 * <pre>{@code
 * fusion.configure(xs, ys, headings, -40, -40, 0.25, 320, 320, 0.02, 343);
 * }</pre>
 */
public final class GridFusion extends Filter {
    /** The most cells of a grid. */
    public static final int MAX_CELLS = 1 << 20;

    private Channel<DoaCluster> in;
    private Channel<Location> out;
    private final double[] nodeX = new double[DoaCluster.MAX_NODES];
    private final double[] nodeY = new double[DoaCluster.MAX_NODES];
    private final double[] heading = new double[DoaCluster.MAX_NODES];
    private double x0;
    private double y0;
    private double cell = 1;
    private int nx = 1;
    private int ny = 1;
    private double eps = 0.02;
    private double speedOfSound = 343;

    private GridFusion() {
    }

    /** Sets the nodes, the grid (first cell's lower left corner, cell side, cells) and {@code eps}; before the run. */
    void configure(double[] xs, double[] ys, double[] headings, double left, double bottom, double side, int columns,
            int rows, double floor, double c) {
        if (xs.length > DoaCluster.MAX_NODES || side <= 0 || columns < 1 || rows < 1
                || (long) columns * rows > MAX_CELLS || !(floor > 0)) {
            throw new IllegalArgumentException("GridFusion: " + xs.length + " nodes, cell " + side + " m, " + columns
                    + " x " + rows + " cells (at most " + MAX_CELLS + "), eps " + floor);
        }
        System.arraycopy(xs, 0, nodeX, 0, xs.length);
        System.arraycopy(ys, 0, nodeY, 0, ys.length);
        System.arraycopy(headings, 0, heading, 0, headings.length);
        this.x0 = left;
        this.y0 = bottom;
        this.cell = side;
        this.nx = columns;
        this.ny = rows;
        this.eps = floor;
        this.speedOfSound = c;
    }

    @Override
    public void work() {
        DoaCluster c = in.take();
        double best = Double.NEGATIVE_INFINITY;
        int bi = 0;
        int bj = 0;
        for (int j = 0; j < ny; j++) {
            double y = y0 + (j + 0.5) * cell;
            for (int i = 0; i < nx; i++) {
                double l = at(c, x0 + (i + 0.5) * cell, y);
                if (l > best) {
                    best = l;
                    bi = i;
                    bj = j;
                }
            }
        }
        double cx = x0 + (bi + 0.5) * cell;
        double cy = y0 + (bj + 0.5) * cell;
        double x = cx + cell * vertex(at(c, cx - cell, cy), best, at(c, cx + cell, cy));
        double y = cy + cell * vertex(at(c, cx, cy - cell), best, at(c, cx, cy + cell));
        Location loc = makeCapsule(Location.class);
        loc.x = x;
        loc.y = y;
        loc.logLikelihood = best;
        loc.count = c.count;
        double emitted = 0;
        for (int m = 0; m < c.count; m++) {
            loc.seq[m] = c.seq[m];
            int k = c.node[m];
            emitted += c.onset[m] - 1e9 * Math.hypot(x - nodeX[k], y - nodeY[k]) / speedOfSound;
        }
        loc.emittedNanos = Math.round(emitted / c.count);
        out.put(loc);
    }

    private double at(DoaCluster c, double x, double y) {
        return FusionGrid.logLikelihood(x, y, c.count, c.node, c.levels, nodeX, nodeY, heading, eps);
    }

    /** The offset of a parabola's vertex through (-1, left), (0, mid), (1, right), within half a step. */
    private static double vertex(double left, double mid, double right) {
        double d = left - 2 * mid + right;
        if (!(d < 0)) {
            return 0;
        }
        return Math.max(-0.5, Math.min(0.5, 0.5 * (left - right) / d));
    }
}
