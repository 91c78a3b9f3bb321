package org.streamflex.samples.marmot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class FusionGridTest {
    /** Levels of a likelihood peaked at {@code azimuth}, 10 degrees wide. */
    static void peak(byte[] levels, int member, double azimuth) {
        for (int a = 0; a < 360; a++) {
            double d = Angles.difference(a, azimuth);
            levels[member * 360 + a] = (byte) Math.round(255 * Math.exp(-d * d / 50));
        }
    }

    @Test
    void theBestCellIsWhereTheNodesBearingsCross() {
        double[] nx = {0, 40, 10};
        double[] ny = {0, 5, 35};
        double[] heading = {0, 90, 217.5};
        double sx = 17.3;
        double sy = 12.9;
        int[] nodeOf = {0, 1, 2};
        byte[] levels = new byte[3 * 360];
        for (int k = 0; k < 3; k++) {
            peak(levels, k, Angles.wrap360(Math.toDegrees(Math.atan2(sy - ny[k], sx - nx[k])) - heading[k]));
        }
        double cell = 0.25;
        double best = Double.NEGATIVE_INFINITY;
        double bx = 0;
        double by = 0;
        for (double x = -10; x < 50; x += cell) {
            for (double y = -10; y < 45; y += cell) {
                double l = FusionGrid.logLikelihood(x, y, 3, nodeOf, levels, nx, ny, heading, 0.02);
                if (l > best) {
                    best = l;
                    bx = x;
                    by = y;
                }
            }
        }
        assertTrue(Math.abs(bx - sx) <= cell && Math.abs(by - sy) <= cell, bx + ", " + by);
        assertEquals(0, best, 0.15, "near the crossing every node's likelihood is about 1");
    }

    @Test
    void oneNodeThatHeardSomethingElseCostsAtMostLogEps() {
        int[] nodeOf = {0};
        byte[] levels = new byte[360];
        assertEquals(Math.log(0.02), FusionGrid.logLikelihood(5, 5, 1, nodeOf, levels, new double[] {0},
                new double[] {0}, new double[] {0}, 0.02), 1e-12);
    }

    @Test
    void bearingsAreInterpolatedBetweenBins() {
        int[] nodeOf = {0};
        byte[] levels = new byte[360];
        levels[10] = (byte) 255;
        double x = Math.cos(Math.toRadians(10.5));
        double y = Math.sin(Math.toRadians(10.5));
        assertEquals(Math.log(0.02 + 0.5), FusionGrid.logLikelihood(x, y, 1, nodeOf, levels, new double[] {0},
                new double[] {0}, new double[] {0}, 0.02), 1e-9);
    }

    @Test
    void aLocationInTheGridsOuterRingOfCellsIsOnItsEdge() {
        MarmotConfig.Grid grid = new MarmotConfig.Grid(-2, 3, 0.5, 20, 10);
        assertTrue(grid.onEdge(-1.9, 5), "first column");
        assertTrue(grid.onEdge(7.9, 5), "last column");
        assertTrue(grid.onEdge(3, 3.1), "first row");
        assertTrue(grid.onEdge(3, 7.99), "last row");
        assertTrue(grid.onEdge(-5, 5), "outside");
        assertTrue(!grid.onEdge(3, 5), "inside");
        assertTrue(!grid.onEdge(-1.5, 3.5), "second column and row");
        assertTrue(!grid.onEdge(7.49, 7.49), "last but one column and row");
    }
}
