package org.streamflex.runtime.region;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.streamflex.Filter;
import org.streamflex.TimeChannel;
import org.streamflex.runtime.ApiAccess;
import org.streamflex.runtime.GraphDriver;
import org.streamflex.runtime.graph.RuntimeGraph;
import org.streamflex.runtime.graph.TestGraph;

/** A filter that creates objects, arrays and objects of a subclass calling super(...), woven by the build. */
class ObjectRecyclingTest {

    /** A transient class with a final field, a field initializer and a delegating constructor. */
    static class Point {
        final double x;
        double y = 1.5;
        int[] tags = new int[2];

        Point(double x, double y) {
            this.x = x;
            this.y += y;
        }

        Point(double x) {
            this(x, 0.25);
        }

        double norm() {
            return x * x + y * y + tags.length;
        }
    }

    /** A woven subclass that calls super(...) of another woven class. */
    static final class Weighted extends Point {
        final long weight;
        Point anchor;

        Weighted(double x, long weight) {
            super(x);
            this.weight = weight;
            this.anchor = new Point(weight, x);
        }

        @Override
        double norm() {
            return super.norm() * weight + anchor.norm();
        }
    }

    /** Builds a small list of points per release and folds it. */
    public static final class Shapes extends Filter {
        private TimeChannel timer;
        public double total;

        @Override
        public void work() {
            total += Geometry.fold(timer.getTime() / 10);
        }
    }

    static final class Geometry {
        static double fold(long tick) {
            Point[] points = new Point[3];
            points[0] = new Point(tick % 7);
            points[1] = new Weighted(tick % 5, tick % 3 + 1);
            points[2] = new Point(1, tick % 2);
            double[] weights = new double[points.length];
            double sum = 0;
            for (int i = 0; i < points.length; i++) {
                points[i].tags[1] = i;
                weights[i] = points[i].norm() + points[i].tags[1];
                sum += weights[i];
            }
            return sum;
        }
    }

    @Test
    void aWorkCreatingObjectsAndSubclassesAllocatesNothingAndComputesWhatPlainJavaComputes() {
        TestGraph g = new TestGraph();
        Shapes shapes = g.filter(Shapes.class);
        g.link(g.clock(10), shapes).check();
        TransientRegion region = ((RuntimeGraph) ApiAccess.assemblyOf(g)).taskOf(shapes).transientRegion();
        GraphDriver driver = GraphDriver.of(g).run(20_000);

        java.util.List<Long> runs = SteadyState.heapBytes(() -> driver.run(100_000));

        double expected = 0;
        for (long tick = 0; tick < 20_000 + 100_000L * runs.size(); tick++) {
            expected += Geometry.fold(tick); // outside work(): the same woven code, on the heap
        }
        assertEquals(expected, shapes.total, "recycled objects compute what new ones compute");
        assertEquals(0L, runs.getLast(), "heap bytes allocated by each run of 100,000 releases creating"
                + " 4 objects and 4 arrays each: " + runs);
        assertTrue(region.peakBytes() > 0, "the objects and arrays came from the region");
    }

    /** A stable object: created on the heap even inside work(), never recycled. */
    static final class Ledger implements org.streamflex.Stable {
        long entries;
        private final long[] last = new long[4];

        void add(long value) {
            last[(int) (entries++ & 3)] = value;
        }

        long last(int i) {
            return last[i];
        }
    }

    /** Creates its stable ledger in its first release and a transient point in every one. */
    public static final class Bookkeeper extends Filter {
        private TimeChannel timer;
        private Ledger ledger;
        public boolean intact = true;
        public int firstPointIdentity;
        public int lastPointIdentity;

        @Override
        public void work() {
            long tick = timer.getTime() / 10;
            if (ledger == null) {
                ledger = new Ledger();
            }
            intact &= ledger.entries == tick && (tick == 0 || ledger.last((int) ((tick - 1) & 3)) == tick - 1);
            ledger.add(tick);
            Point p = new Point(tick);
            lastPointIdentity = System.identityHashCode(p);
            if (tick == 0) {
                firstPointIdentity = lastPointIdentity;
            }
        }
    }

    @Test
    void stableObjectsCreatedInOneReleaseAreIntactInTheNextWhileTransientOnesAreReused() {
        TestGraph g = new TestGraph();
        Bookkeeper keeper = g.filter(Bookkeeper.class);
        g.link(g.clock(10), keeper).check();
        GraphDriver.of(g).run(1000);
        assertTrue(keeper.intact, "the stable ledger kept every value across releases");
        assertEquals(keeper.firstPointIdentity, keeper.lastPointIdentity,
                "the transient point of the first release was recycled by the last: nothing kept it");
    }

    @Test
    void aRecycledObjectStartsWithTheFieldsANewOneHas() {
        Point fresh = new Point(2);
        assertEquals(2.0, fresh.x);
        assertEquals(1.75, fresh.y, "field initializer then constructor body");
        assertEquals(2, fresh.tags.length);
        Weighted w = new Weighted(3, 2);
        assertEquals(3.0, w.x);
        assertEquals(2L, w.weight);
        assertEquals(2.0, w.anchor.x);
    }
}
