package org.streamflex.runtime.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.streamflex.Channel;
import org.streamflex.Clock;
import org.streamflex.DataChannel;
import org.streamflex.Filter;
import org.streamflex.IntChannel;
import org.streamflex.Joiner;
import org.streamflex.TimeChannel;
import org.streamflex.fixtures.Soak;
import org.streamflex.runtime.GraphDriver;
import org.streamflex.runtime.graph.TestFilters.Packet;
import org.streamflex.runtime.graph.TestFilters.PacketSink;

class JoinerTest {
    /** Values each source puts at least, however long the soak's time budget takes on a busy machine. */
    static final int MIN_PER_SOURCE = 20_000;
    /** Source B counts from here, far beyond what source A puts within any soak. */
    static final int B_BASE = 1 << 30;

    /** Puts {@code base + 0, base + 1, ...}, a few per release, until told to stop. */
    public static final class Numbered extends Filter {
        private TimeChannel timer;
        private IntChannel out;
        public int base;
        /** Values put so far; read by the test thread while the clock runs, written by the filter's only. */
        public volatile int next;
        public volatile boolean stopped;

        @Override
        protected boolean trigger() {
            return !stopped && timer.size() > 0;
        }

        @Override
        @SuppressWarnings("NonAtomicVolatileUpdate") // one writer: the filter's thread
        public void work() {
            for (int i = 0; i < 4; i++) {
                out.put(base + next++);
            }
        }
    }

    /**
     * Checks that values of each source arrive in increasing order and that its work() never
     * overlaps itself. Fields are volatile because the test thread reads them while clocks run.
     */
    public static final class OrderedSink extends Filter {
        private IntChannel in;
        public volatile int active;
        public volatile int overlaps;
        public volatile int received;
        public int lastA = -1;
        public int lastB = -1;
        public int disorders;
        public int gapsA;
        public int gapsB;

        @Override
        @SuppressWarnings("NonAtomicVolatileUpdate") // racy on purpose: it detects two threads in work() at once
        public void work() {
            if (++active != 1) {
                overlaps++;
            }
            while (in.size() > 0) {
                int v = in.take();
                received++;
                if (v >= B_BASE) {
                    int n = v - B_BASE;
                    disorders += n <= lastB ? 1 : 0;
                    gapsB += n - lastB - 1;
                    lastB = n;
                } else {
                    disorders += v <= lastA ? 1 : 0;
                    gapsA += v - lastA - 1;
                    lastA = v;
                }
            }
            active--;
        }
    }

    @Test
    void twoClocksFeedingAJoinerLoseNothingUncountedAndNeverRunAFilterTwiceAtOnce() throws Exception {
        TestGraph g = new TestGraph();
        Clock clockA = g.clock(0);
        Clock clockB = g.clock(0);
        Numbered a = g.filter(Numbered.class);
        Numbered b = g.filter(Numbered.class);
        b.base = B_BASE;
        Joiner join = g.filter(Joiner.class);
        OrderedSink sink = g.filter(OrderedSink.class);
        g.link(clockA, a).link(clockB, b).link(a, join, 64).link(b, join, 64).link(join, sink, 256).check();

        g.start();
        Soak soak = Soak.start();
        while (soak.more(Math.min(a.next, b.next), MIN_PER_SOURCE) && g.failure() == null) {
            Thread.sleep(5);
        }
        a.stopped = true;
        b.stopped = true;
        // Everything the sources put has left them, and everything the joiner put has reached the sink.
        DataChannel outA = g.channel(a, "out");
        DataChannel outB = g.channel(b, "out");
        DataChannel joined = g.channel(join, "out");
        Soak.awaitCondition(() -> g.failure() != null
                || (outA.published() + outA.dropped() == a.next && outB.published() + outB.dropped() == b.next
                        && outA.published() + outB.published() == joined.published() + joined.dropped()
                        && joined.published() == sink.received), "the last values to drain through the joiner");
        g.stop();
        assertTrue(g.awaitTermination(30, TimeUnit.SECONDS));

        long dropped = outA.dropped() + outB.dropped() + joined.dropped();
        long produced = (long) a.next + b.next;
        // A release whose trigger() ran just before `stopped` was set still runs its work() after the
        // drain looked balanced: its values may be in a channel when the graph stops. They are not
        // lost, and there is at most one such release per source.
        long inFlight = (long) outA.size() + outB.size() + joined.size();
        assertTrue(inFlight <= 2 * 4, inFlight + " values left in the channels: more than one release per source");
        assertEquals(0, sink.overlaps, "the sink's work() ran on two threads at once");
        assertEquals(0, sink.disorders, "values of one source arrived out of order");
        assertEquals(produced, sink.received + dropped + inFlight,
                "every value is received, counted as dropped, or still in a channel");
        assertEquals(sink.gapsA + sink.gapsB + (a.next - 1 - sink.lastA) + (b.next - 1 - sink.lastB),
                (int) (dropped + inFlight), "every gap in a source's sequence is a counted drop or still in a channel");
    }

    /** The joiner merges capsule channels too, input by input, keeping each input's order. */
    public static final class PacketSource extends Filter {
        @SuppressWarnings("UnusedVariable") // the clock releases the filter through it; work() does not read the time
        private TimeChannel timer;
        private Channel<Packet> out;
        public int next;
        public int base;

        @Override
        public void work() {
            Packet p = makeCapsule(Packet.class);
            p.seq = base + next++;
            out.put(p);
        }
    }

    @Test
    void aJoinerMergesCapsuleChannelsUnderTheDriver() {
        TestGraph g = new TestGraph();
        PacketSource a = g.filter(PacketSource.class);
        PacketSource b = g.filter(PacketSource.class);
        b.base = 1000;
        Joiner join = g.filter(Joiner.class);
        PacketSink sink = g.filter(PacketSink.class);
        g.link(g.clock(10), a).link(g.clock(10), b).link(a, join, 4).link(b, join, 4).link(join, sink, 4).check();
        GraphDriver driver = GraphDriver.of(g);
        driver.step();
        assertEquals(2, sink.received);
        assertEquals(1000, sink.lastSeq, "b's clock is released after a's in the same step");
        driver.run(99);
        assertEquals(200, sink.received);
        assertEquals(0, g.channel(join, "out").dropped());
    }
}
