package org.streamflex.runtime.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.streamflex.Channel;
import org.streamflex.Clock;
import org.streamflex.Filter;
import org.streamflex.IntChannel;
import org.streamflex.Joiner;
import org.streamflex.TimeChannel;
import org.streamflex.runtime.GraphDriver;
import org.streamflex.runtime.graph.TestFilters.Packet;
import org.streamflex.runtime.graph.TestFilters.PacketSink;

class JoinerTest {
    static final int PER_SOURCE = 200_000;

    /** Puts {@code base + 0, base + 1, ...}, a few per release, until {@link #limit}. */
    public static final class Numbered extends Filter {
        private TimeChannel timer;
        private IntChannel out;
        public int base;
        public int next;
        public int limit = PER_SOURCE;

        @Override
        protected boolean trigger() {
            return next < limit && timer.size() > 0;
        }

        @Override
        public void work() {
            for (int i = 0; i < 4 && next < limit; i++) {
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
        public int received;
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
                if (v >= 1_000_000) {
                    int n = v - 1_000_000;
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
        b.base = 1_000_000;
        Joiner join = g.filter(Joiner.class);
        OrderedSink sink = g.filter(OrderedSink.class);
        g.link(clockA, a).link(clockB, b).link(a, join, 64).link(b, join, 64).link(join, sink, 256).check();

        g.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while ((g.channel(a, "out").published() + g.channel(a, "out").dropped() < PER_SOURCE
                || g.channel(b, "out").published() + g.channel(b, "out").dropped() < PER_SOURCE)
                && System.nanoTime() < deadline && g.failure() == null) {
            Thread.sleep(5);
        }
        Thread.sleep(20); // let the last releases drain through the joiner
        g.stop();
        assertTrue(g.awaitTermination(5, TimeUnit.SECONDS));

        long dropped = g.channel(a, "out").dropped() + g.channel(b, "out").dropped() + g.channel(join, "out").dropped();
        assertEquals(0, sink.overlaps, "the sink's work() ran on two threads at once");
        assertEquals(0, sink.disorders, "values of one source arrived out of order");
        assertEquals(2L * PER_SOURCE, sink.received + dropped, "every value is received or counted as dropped");
        assertEquals(sink.gapsA + sink.gapsB + (PER_SOURCE - 1 - sink.lastA) + (PER_SOURCE - 1 - sink.lastB),
                (int) dropped, "every gap in a source's sequence is a counted drop");
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
