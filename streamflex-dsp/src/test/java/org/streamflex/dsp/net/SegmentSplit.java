package org.streamflex.dsp.net;

import org.streamflex.Clock;
import org.streamflex.Filter;
import org.streamflex.SharedChannel;
import org.streamflex.StreamFlexGraph;
import org.streamflex.TimeChannel;
import org.streamflex.dsp.FloatSeg;
import org.streamflex.dsp.SegTuple;
import org.streamflex.dsp.Timebase;
import org.streamflex.dsp.TimebaseIds;

/**
 * A graph of segments split between nodes and a server: on each node a maker puts a float segment
 * on {@code out} and a tuple of it and a cut of it (what a {@code sync} hands a DOA stage) on
 * {@code tuples}, one each per release; on the server a checker reads both and counts what is not
 * bit for bit what the node made. Both channels cross machines.
 */
public final class SegmentSplit extends StreamFlexGraph {
    /** Samples per segment: 8 KiB of floats. */
    static final int SAMPLES = 2048;
    /** The node's signal: one timebase, sample numbers from 0. */
    static final Timebase SIGNAL = Timebase.of("array-1", 48_000, 1_000_000);

    final Maker maker;
    final Checker checker;

    SegmentSplit(int segments, int periodMicros) {
        Clock clock = makeClock(periodMicros);
        maker = makeFilter(Maker.class);
        checker = makeFilter(Checker.class);
        maker.emit(TimebaseIds.id(SIGNAL), segments);
        checker.expect(TimebaseIds.id(SIGNAL));
        connect(clock, maker);
        connect(maker, "out", checker, "in", 16);
        connect(maker, "tuples", checker, "tuples", 16);
        runOnServer(checker);
        validate();
    }

    /** Puts segment k (samples k * SAMPLES on) and a tuple of it and its samples 8..23, {@code count} of each. */
    public static final class Maker extends Filter {
        @SuppressWarnings("UnusedVariable") // the clock releases the filter through it
        private TimeChannel timer;
        private SharedChannel<FloatSeg> out;
        private SharedChannel<SegTuple> tuples;
        private int timebase;
        private long next;
        private long end;

        private Maker() {
        }

        void emit(int timebaseId, int count) {
            timebase = timebaseId;
            end = count;
        }

        @Override
        public void work() {
            if (next == end) {
                return;
            }
            long start = next * SAMPLES;
            FloatSeg s = FloatSeg.make(TimebaseIds.timebase(timebase), start, SAMPLES);
            for (int i = 0; i < SAMPLES; i++) {
                s.set(i, Float.intBitsToFloat(SegmentBits.bits(start + i)));
            }
            SegTuple t = SegTuple.of(s, s.subseg(8, 16));
            t.tag(next);
            out.put(s); // a full channel drops and counts it, as the contract says
            tuples.put(t);
            next++;
        }
    }

    /** Reads segments and tuples, counting those that are not what {@link Maker} made, bit for bit. */
    public static final class Checker extends Filter {
        private SharedChannel<FloatSeg> in;
        private SharedChannel<SegTuple> tuples;
        private int timebase;
        long received;
        long tuplesReceived;
        long wrong;

        private Checker() {
        }

        void expect(int timebaseId) {
            timebase = timebaseId;
        }

        @Override
        public void work() {
            while (in.size() > 0) {
                FloatSeg s = in.take();
                wrong += is(s, s.start() % SAMPLES == 0 ? s.start() : -1, SAMPLES) ? 0 : 1;
                received++;
            }
            while (tuples.size() > 0) {
                SegTuple t = tuples.take();
                long start = t.tag() * SAMPLES;
                boolean right = t.size() == 2 && t.get(0) instanceof FloatSeg whole && is(whole, start, SAMPLES)
                        && t.get(1) instanceof FloatSeg cut && is(cut, start + 8, 16);
                wrong += right ? 0 : 1;
                tuplesReceived++;
            }
        }

        private boolean is(FloatSeg s, long start, int length) {
            if (!s.timebase().equals(TimebaseIds.timebase(timebase)) || s.start() != start || s.length() != length) {
                return false;
            }
            for (int i = 0; i < length; i++) {
                if (Float.floatToRawIntBits(s.get(i)) != SegmentBits.bits(start + i)) {
                    return false;
                }
            }
            return true;
        }
    }
}
