package org.streamflex.runtime.example;

import org.streamflex.Clock;
import org.streamflex.Filter;
import org.streamflex.IntChannel;
import org.streamflex.StreamFlexGraph;

/**
 * One graph for nodes and a server, as WaveScript deploys its sensor networks: each node samples
 * a signal every millisecond ({@code Sampler}) and keeps the samples above a threshold
 * ({@code Peaks}); the server counts what every node sent ({@code Tally}). Built whole (the
 * default) it runs in one JVM; built as a node or the server ({@code Deployment}, or
 * {@code -Dstreamflex.site=node|server}) each JVM runs its part and the channel from {@code Peaks}
 * to {@code Tally} crosses the network. Moving {@code Peaks} to the server is one line:
 * {@code runOnServer(peaks, tally)}.
 */
public final class NodeServerGraph extends StreamFlexGraph {
    private final Tally tally;
    private final Sampler sampler;

    public NodeServerGraph(int periodMicros) {
        Clock clock = makeClock(periodMicros);
        sampler = makeFilter(Sampler.class);
        Peaks peaks = makeFilter(Peaks.class);
        tally = makeFilter(Tally.class);
        connect(clock, sampler);
        connect(sampler, peaks, 64);
        connect(peaks, tally, 1024);
        runOnServer(tally);
        validate();
    }

    /** The server's count (0 on a node, where the tally does not run). */
    public Tally tally() {
        return tally;
    }

    /** The node's sampler. */
    public Sampler sampler() {
        return sampler;
    }

    /** A test signal: a 50-sample sawtooth with a spike every 10 samples, one sample per release. */
    public static final class Sampler extends Filter {
        private IntChannel out;
        private long samples;

        @Override
        public void work() {
            int phase = (int) (samples % 50);
            out.put(samples % 10 == 0 ? 1000 + phase : phase);
            samples++;
        }

        /** Samples taken. */
        public long samples() {
            return samples;
        }
    }

    /** Keeps the samples above 500. */
    public static final class Peaks extends Filter {
        private IntChannel in;
        private IntChannel out;

        @Override
        public void work() {
            while (in.size() > 0) {
                int v = in.take();
                if (v > 500) {
                    out.put(v);
                }
            }
        }
    }

    /** Counts and sums what arrives. */
    public static final class Tally extends Filter {
        private IntChannel in;
        private long count;
        private long sum;

        @Override
        public void work() {
            while (in.size() > 0) {
                sum += in.take();
                count++;
            }
        }

        /** Items received. */
        public long count() {
            return count;
        }

        /** Their sum. */
        public long sum() {
            return sum;
        }
    }
}
