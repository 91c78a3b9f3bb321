package org.streamflex.bench.predict;

import org.streamflex.Clock;
import org.streamflex.Filter;
import org.streamflex.FloatChannel;
import org.streamflex.StreamFlexGraph;
import org.streamflex.TimeChannel;

/** Clock -> Frames -> {@link CalibratedWork} -> Drain: a periodic graph with a calibrated load. */
public final class LoadGraph extends StreamFlexGraph {
    /** Puts one frame of 16 samples per release. */
    public static final class Frames extends Filter {
        @SuppressWarnings("UnusedVariable") // the clock releases the filter through it; work() does not read the time
        private TimeChannel timer;
        private FloatChannel out;
        private float phase;

        @Override
        public void work() {
            for (int i = 0; i < 16; i++) {
                phase += 0.01f;
                out.put(phase);
            }
        }
    }

    /** Takes the results. */
    public static final class Drain extends Filter {
        private FloatChannel in;
        @SuppressWarnings("UnusedVariable") // storing what it takes is part of the load; nothing reads it
        private float last;

        @Override
        public void work() {
            while (in.size() > 0) {
                last = in.take();
            }
        }
    }

    final Clock clock;

    public LoadGraph(int periodMicros, int rounds) {
        clock = makeClock(periodMicros);
        Frames frames = makeFilter(Frames.class);
        CalibratedWork work = makeFilter(CalibratedWork.class);
        work.rounds(rounds);
        Drain drain = makeFilter(Drain.class);
        connect(clock, frames, "timer");
        connect(frames, work, 64);
        connect(work, drain, 16);
        validate();
    }
}
