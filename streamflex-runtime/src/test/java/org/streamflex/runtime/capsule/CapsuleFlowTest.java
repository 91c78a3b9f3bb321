package org.streamflex.runtime.capsule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.streamflex.BoundaryError;
import org.streamflex.Channel;
import org.streamflex.Filter;
import org.streamflex.TimeChannel;
import org.streamflex.runtime.ApiAccess;
import org.streamflex.runtime.GraphDriver;
import org.streamflex.runtime.graph.RuntimeGraph;
import org.streamflex.runtime.graph.TestFilters.Packet;
import org.streamflex.runtime.graph.TestFilters.PacketPass;
import org.streamflex.runtime.graph.TestFilters.PacketSink;
import org.streamflex.runtime.graph.TestGraph;

class CapsuleFlowTest {

    /** Makes one packet per release and remembers the identity of what it sent. */
    public static final class Source extends Filter {
        @SuppressWarnings("UnusedVariable") // the clock releases the filter through it; work() does not read the time
        private TimeChannel timer;
        private Channel<Packet> out;
        public int next;
        public int lastIdentity;
        public int failOn = -1;

        @Override
        public void work() {
            Packet p = makeCapsule(Packet.class);
            p.seq = next++;
            p.payload[0] = (byte) p.seq;
            lastIdentity = System.identityHashCode(p);
            out.put(p);
            if (p.seq == failOn) {
                throw new IllegalStateException("fail after put");
            }
        }
    }

    /** Puts every packet it takes on both outputs, then changes the original. */
    public static final class Duplicate extends Filter {
        private Channel<Packet> in;
        private Channel<Packet> left;
        private Channel<Packet> right;

        @Override
        public void work() {
            Packet p = in.take();
            left.put(p);
            right.put(p);
            p.payload[0] = 99; // both publications copy at publication, after this write
        }
    }

    /** Takes packets and forwards none: each must go back to the pool. */
    public static final class Swallow extends Filter {
        private Channel<Packet> in;
        public int taken;

        @Override
        public void work() {
            in.take();
            taken++;
        }
    }

    /** Never runs its work(): its input fills up and later puts overflow. */
    public static final class Stuck extends Filter {
        @SuppressWarnings("UnusedVariable") // it only fills up: work() never runs
        private Channel<Packet> in;

        @Override
        protected boolean trigger() {
            return false;
        }

        @Override
        public void work() {
        }
    }

    private static CapsulePool<Packet> pool(TestGraph g) {
        return ((RuntimeGraph) ApiAccess.assemblyOf(g)).pools().pool(Packet.class);
    }

    @Test
    void theSameCapsuleTravelsDownALinearPipeline() {
        TestGraph g = new TestGraph();
        Source source = g.filter(Source.class);
        PacketPass a = g.filter(PacketPass.class);
        PacketPass b = g.filter(PacketPass.class);
        PacketSink sink = g.filter(PacketSink.class);
        g.link(g.clock(10), source).link(source, a, 2).link(a, b, 2).link(b, sink, 2).check();
        GraphDriver driver = GraphDriver.of(g);
        for (int i = 0; i < 1000; i++) {
            driver.step();
            assertEquals(source.lastIdentity, sink.lastIdentity, "release " + i + " delivered a copy");
            assertEquals(i, sink.lastSeq);
        }
    }

    @Test
    void thePoolStopsGrowingInSteadyState() {
        TestGraph g = new TestGraph();
        Source source = g.filter(Source.class);
        PacketSink sink = g.filter(PacketSink.class);
        g.link(g.clock(10), source).link(source, sink, 4).check();
        GraphDriver driver = GraphDriver.of(g).run(100);
        long created = pool(g).created();
        driver.run(100_000);
        assertEquals(created, pool(g).created());
        assertTrue(created <= 2, "one capsule in flight needs at most two in the pool: " + created);
        assertEquals(100_100, sink.received);
    }

    @Test
    void capsulesNotForwardedGoBackToThePool() {
        TestGraph g = new TestGraph();
        Source source = g.filter(Source.class);
        Swallow swallow = g.filter(Swallow.class);
        g.link(g.clock(10), source).link(source, swallow, 4).check();
        GraphDriver.of(g).run(10_000);
        assertEquals(10_000, swallow.taken);
        assertEquals(1, pool(g).created(), "the one capsule is reused by every release");
    }

    @Test
    void aCapsulePutOnTwoChannelsIsCopiedAtPublication() {
        TestGraph g = new TestGraph();
        Source source = g.filter(Source.class);
        Duplicate duplicate = g.filter(Duplicate.class);
        PacketSink left = g.filter(PacketSink.class);
        PacketSink right = g.filter(PacketSink.class);
        g.link(g.clock(10), source).link(source, duplicate, 2)
                .link(duplicate, "left", left, 2).link(duplicate, "right", right, 2).check();
        GraphDriver driver = GraphDriver.of(g);
        for (int i = 0; i < 500; i++) {
            driver.step();
            assertEquals(i, left.lastSeq);
            assertEquals(i, right.lastSeq);
            assertEquals(99, left.lastPayload0, "copied at publication, after work() changed it");
            assertEquals(99, right.lastPayload0);
            assertNotEquals(left.lastIdentity, right.lastIdentity, "two channels got the same instance");
        }
        long created = pool(g).created();
        driver.run(1000);
        assertEquals(created, pool(g).created(), "copies are pooled too");
    }

    @Test
    void capsulesMadeByAFailedWorkGoBackToThePool() {
        TestGraph g = new TestGraph();
        Source source = g.filter(Source.class);
        PacketSink sink = g.filter(PacketSink.class);
        g.link(g.clock(10), source).link(source, sink, 4).check();
        source.failOn = 3;
        GraphDriver driver = GraphDriver.of(g);
        assertThrows(BoundaryError.class, () -> driver.run(10));
        assertEquals(3, sink.received);
        assertEquals(pool(g).created(), pool(g).available(), "every capsule is back in the pool");
    }

    @Test
    void aCapsuleDroppedOnOverflowGoesBackToThePool() {
        TestGraph g = new TestGraph();
        Source source = g.filter(Source.class);
        Stuck stuck = g.filter(Stuck.class);
        g.link(g.clock(10), source).link(source, stuck, 3).check();
        GraphDriver.of(g).run(1000);
        assertEquals(3, g.channel(source, "out").published());
        assertEquals(997, g.channel(source, "out").dropped());
        assertEquals(4, pool(g).created(), "three held by the channel, one reused by every dropped put");
    }
}
