package org.streamflex.dsp.net;

import org.streamflex.Clock;
import org.streamflex.Filter;
import org.streamflex.SharedChannel;
import org.streamflex.StreamFlexGraph;
import org.streamflex.TimeChannel;
import org.streamflex.dsp.FloatSeg;
import org.streamflex.dsp.TimebaseIds;

/**
 * A graph of one channel of float segments of a chosen length, split between nodes and a server:
 * on each node a maker puts one segment per release, on the server a checker counts those that are
 * not bit for bit what the node made. One crossing only, so that a test of large segments keeps
 * two link queues (each of 64 items at the bound, twice over) and fits the suite's 64 MiB heap.
 */
public final class LargeSegmentSplit extends StreamFlexGraph {
    final Maker maker;
    final Checker checker;

    LargeSegmentSplit(int segments, int periodMicros, int samples) {
        Clock clock = makeClock(periodMicros);
        maker = makeFilter(Maker.class);
        checker = makeFilter(Checker.class);
        int timebase = TimebaseIds.id(SegmentSplit.SIGNAL);
        maker.emit(timebase, segments, samples);
        checker.expect(timebase, samples);
        connect(clock, maker);
        connect(maker, "out", checker, "in", 16);
        runOnServer(checker);
        validate();
    }

    /** Puts segment k (samples k * length on), {@code count} of them. */
    public static final class Maker extends Filter {
        @SuppressWarnings("UnusedVariable") // the clock releases the filter through it
        private TimeChannel timer;
        private SharedChannel<FloatSeg> out;
        private int timebase;
        private int samples;
        private long next;
        private long end;

        private Maker() {
        }

        void emit(int timebaseId, int count, int length) {
            timebase = timebaseId;
            end = count;
            samples = length;
        }

        @Override
        public void work() {
            if (next == end) {
                return;
            }
            long start = next * samples;
            FloatSeg s = FloatSeg.make(TimebaseIds.timebase(timebase), start, samples);
            for (int i = 0; i < samples; i++) {
                s.set(i, Float.intBitsToFloat(SegmentBits.bits(start + i)));
            }
            out.put(s); // a full channel drops and counts it, as the contract says
            next++;
        }
    }

    /** Reads segments, counting those that are not what {@link Maker} made, bit for bit. */
    public static final class Checker extends Filter {
        private SharedChannel<FloatSeg> in;
        private int timebase;
        private int samples;
        long received;
        long wrong;

        private Checker() {
        }

        void expect(int timebaseId, int length) {
            timebase = timebaseId;
            samples = length;
        }

        @Override
        public void work() {
            while (in.size() > 0) {
                FloatSeg s = in.take();
                received++;
                if (!s.timebase().equals(TimebaseIds.timebase(timebase)) || s.start() % samples != 0
                        || s.length() != samples) {
                    wrong++;
                    continue;
                }
                for (int i = 0; i < samples; i++) {
                    if (Float.floatToRawIntBits(s.get(i)) != SegmentBits.bits(s.start() + i)) {
                        wrong++;
                        break;
                    }
                }
            }
        }
    }
}
