package org.streamflex.dsp;

import org.streamflex.Clock;
import org.streamflex.Filter;
import org.streamflex.SharedChannel;
import org.streamflex.StreamFlexGraph;
import org.streamflex.TimeChannel;

/**
 * A source making one segment of {@link #LENGTH} samples per release, ten pass-through filters,
 * a fork putting each segment on two channels, and two sinks: one sums the samples with a cursor,
 * the other cuts each segment in two and joins the halves again. What a graph passing segments
 * does, for the tests of allocation, sharing and pools.
 */
final class SegmentChain extends StreamFlexGraph {
    static final int LENGTH = 256;
    static final int STAGES = 10;
    static final Timebase MIC = Timebase.of("mic", 48_000, 0);

    final Source source;
    final Summer summer;
    final Cutter cutter;

    SegmentChain() {
        Clock clock = makeClock(0);
        source = makeFilter(Source.class);
        connect(clock, source);
        Filter previous = source;
        for (int i = 0; i < STAGES; i++) {
            Pass pass = makeFilter(Pass.class);
            connect(previous, pass, 4);
            previous = pass;
        }
        Fork fork = makeFilter(Fork.class);
        connect(previous, fork, 4);
        summer = makeFilter(Summer.class);
        cutter = makeFilter(Cutter.class);
        connect(fork, "left", summer, "in", 4);
        connect(fork, "right", cutter, "in", 4);
        validate();
    }

    /** Makes segment k with samples k*LENGTH .. k*LENGTH+LENGTH-1, each sample its own number. */
    public static final class Source extends Filter {
        @SuppressWarnings("UnusedVariable") // the clock releases the filter through it
        private TimeChannel timer;
        private SharedChannel<FloatSeg> out;
        private long next;
        private Timebase timebase = MIC;

        @Override
        public void work() {
            FloatSeg s = FloatSeg.make(timebase, next, LENGTH);
            for (int i = 0; i < LENGTH; i++) {
                s.set(i, (float) ((next + i) % 1000));
            }
            next += LENGTH;
            out.put(s);
        }
    }

    /** Forwards each segment: the same one, by reference. */
    public static final class Pass extends Filter {
        private SharedChannel<FloatSeg> in;
        private SharedChannel<FloatSeg> out;

        @Override
        public void work() {
            out.put(in.take());
        }
    }

    /** Puts each segment on both outputs: shared, not copied. */
    public static final class Fork extends Filter {
        private SharedChannel<FloatSeg> in;
        private SharedChannel<FloatSeg> left;
        private SharedChannel<FloatSeg> right;

        @Override
        public void work() {
            FloatSeg s = in.take();
            left.put(s);
            right.put(s);
        }
    }

    /** Sums every sample with a cursor, and counts the segments another holder still shared. */
    public static final class Summer extends Filter {
        private SharedChannel<FloatSeg> in;
        private double sum;
        private long segments;
        private long sharedWhenTaken;

        @Override
        public void work() {
            FloatSeg s = in.take();
            if (s.references() > 1) {
                sharedWhenTaken++;
            }
            for (FloatCursor c = new FloatCursor(s); c.hasNext(); ) {
                sum += c.next();
            }
            segments++;
        }

        public double sum() {
            return sum;
        }

        public long segments() {
            return segments;
        }

        public long sharedWhenTaken() {
            return sharedWhenTaken;
        }
    }

    /** Cuts each segment in two, joins the halves back, and checks the join reads like the whole. */
    public static final class Cutter extends Filter {
        private SharedChannel<FloatSeg> in;
        private long mismatches;
        private long segments;

        @Override
        public void work() {
            FloatSeg s = in.take();
            FloatSeg left = s.subseg(0, LENGTH / 3);
            FloatSeg right = s.subseg(LENGTH / 3, LENGTH - LENGTH / 3);
            FloatSeg joined = left.append(right);
            for (int i = 0; i < LENGTH; i += 7) {
                if (joined.get(i) != s.get(i)) {
                    mismatches++;
                }
            }
            if (joined.pieceCount() != 1 || joined.start() != s.start()) {
                mismatches++;
            }
            segments++;
        }

        public long mismatches() {
            return mismatches;
        }

        public long segments() {
            return segments;
        }
    }
}
