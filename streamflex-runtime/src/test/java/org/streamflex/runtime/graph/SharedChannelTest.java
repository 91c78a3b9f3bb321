package org.streamflex.runtime.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import org.junit.jupiter.api.Test;
import org.streamflex.BoundaryError;
import org.streamflex.Clock;
import org.streamflex.Filter;
import org.streamflex.RegionFullError;
import org.streamflex.Shared;
import org.streamflex.SharedChannel;
import org.streamflex.SharedQueue;
import org.streamflex.StreamFlexError;
import org.streamflex.TimeChannel;
import org.streamflex.UseAfterReleaseError;
import org.streamflex.runtime.GraphDriver;

/**
 * Shared values on {@code SharedChannel}s: passed by reference and shared, never copied; each
 * channel slot, queue and {@code work()} that made one holds a reference, and the value is freed
 * exactly when the last goes, whatever the transactions do.
 */
class SharedChannelTest {
    @org.junit.jupiter.api.BeforeEach
    void clearCounts() {
        java.util.Arrays.fill(FREED, 0);
        java.util.Arrays.fill(MADE, 0);
    }

    /** Times token {@code id} was freed, and its identity when made (filters may keep only primitives). */
    static final int[] FREED = new int[64];
    static final int[] MADE = new int[64];

    /** A shared value that counts how often it was freed. */
    public static final class Token extends Shared {
        int id;

        /** Made by a factory, as the DSP library's pools do: one reference, the maker's. */
        static Token make(int id) {
            Token t = new Token();
            t.id = id;
            t.revive();
            MADE[id] = System.identityHashCode(t);
            return t;
        }

        @Override
        protected void freed() {
            FREED[id]++;
        }

        @Override
        public String toString() {
            return "Token" + id;
        }
    }

    /** Makes one token per release and puts it on every connected output. */
    public static final class Maker extends Filter {
        @SuppressWarnings("UnusedVariable") // the clock releases the filter through it
        private TimeChannel timer;
        private SharedChannel<Token> out;
        public boolean throwAfterPut;
        public boolean putNothing;
        public int made;

        @Override
        public void work() {
            Token t = Token.make(made++);
            if (putNothing) {
                return;
            }
            out.put(t);
            if (throwAfterPut) {
                throw new IllegalStateException("after put");
            }
        }
    }

    /** Takes each token and puts it on both outputs. */
    public static final class Fork extends Filter {
        private SharedChannel<Token> in;
        private SharedChannel<Token> left;
        private SharedChannel<Token> right;

        @Override
        public void work() {
            Token t = in.take();
            left.put(t);
            right.put(t);
        }
    }

    /** Takes every token, noting which instance arrived and how many held it then. */
    public static final class Taker extends Filter {
        private SharedChannel<Token> in;
        private final int[] seen = new int[64];
        private final int[] referencesSeen = new int[64];
        public int count;
        public boolean throwAfterTake;

        @Override
        public void work() {
            Token t = in.take();
            if (throwAfterTake) {
                throw new IllegalStateException("after take");
            }
            seen[count] = System.identityHashCode(t);
            referencesSeen[count++] = t.references();
        }

        /** The identity of the i-th token taken. */
        public int seen(int i) {
            return seen[i];
        }

        /** How many held the i-th token while its work() ran. */
        public int referencesSeen(int i) {
            return referencesSeen[i];
        }
    }

    /** Keeps the last two tokens in a SharedQueue, forwarding the oldest when a third comes. */
    public static final class Keeper extends Filter {
        private SharedChannel<Token> in;
        private SharedChannel<Token> out;
        private final SharedQueue<Token> held = new SharedQueue<>(2);

        @Override
        public void work() {
            if (held.size() == 2) {
                out.put(held.removeFirst());
            }
            held.add(in.take());
        }
    }

    /** Asks for scratch memory each release, as the DSP library does; the test says how much. */
    @SuppressWarnings({"StreamFlex:Internals", "StreamFlex:D4", "StreamFlex:R3"}) // the library's access path
    public static final class ScratchUser extends Filter {
        @SuppressWarnings("UnusedVariable") // the clock releases the filter through it
        private TimeChannel timer;
        public long bytes;
        public long firstByteSeen = -1;

        @Override
        public void work() {
            MemorySegment m = org.streamflex.abi.Regions.current().workScope().scratch(bytes, 8);
            firstByteSeen = m.get(java.lang.foreign.ValueLayout.JAVA_BYTE, 0);
            m.fill((byte) 7);
        }
    }

    @Test
    void aTokenPutOnTwoChannelsIsTheSameInstanceOnBoth() {
        TestGraph g = new TestGraph();
        Clock clock = g.clock(100);
        Maker maker = g.filter(Maker.class);
        Fork fork = g.filter(Fork.class);
        Taker a = g.filter("A", Taker.class);
        Taker b = g.filter("B", Taker.class);
        g.link(clock, maker).link(maker, fork, 4).link(fork, "left", a, 4).link(fork, "right", b, 4).check();
        GraphDriver.of(g).run(3);
        assertEquals(3, a.count);
        for (int i = 0; i < 3; i++) {
            assertEquals(MADE[i], a.seen(i), "the instance made, not a copy");
            assertEquals(MADE[i], b.seen(i), "the instance made, not a copy");
            assertEquals(1, FREED[i], "freed once, when both channels' references went");
        }
    }

    @Test
    void theConsumerHoldsWhatItTookUntilItsWorkReturns() {
        TestGraph g = new TestGraph();
        Clock clock = g.clock(100);
        Maker maker = g.filter(Maker.class);
        Taker taker = g.filter(Taker.class);
        g.link(clock, maker).link(maker, taker, 4).check();
        GraphDriver.of(g).run(1);
        assertEquals(1, taker.referencesSeen(0), "the channel's reference, until the taker's work() returns");
        assertEquals(1, FREED[0]);
    }

    @Test
    void aTokenMadeAndNotPutIsFreedWhenTheWorkReturns() {
        TestGraph g = new TestGraph();
        Clock clock = g.clock(100);
        Maker maker = g.filter(Maker.class);
        Taker taker = g.filter(Taker.class);
        g.link(clock, maker).link(maker, taker, 4).check();
        maker.putNothing = true;
        GraphDriver.of(g).run(2);
        assertEquals(1, FREED[0]);
        assertEquals(1, FREED[1]);
        assertEquals(0, taker.count);
    }

    @Test
    void putsOfAFailedWorkAreReleasedAndTheTokenFreed() {
        TestGraph g = new TestGraph();
        Clock clock = g.clock(100);
        Maker maker = g.filter(Maker.class);
        Taker taker = g.filter(Taker.class);
        g.link(clock, maker).link(maker, taker, 4).check();
        maker.throwAfterPut = true;
        GraphDriver driver = GraphDriver.of(g);
        assertThrows(BoundaryError.class, () -> driver.run(1));
        assertEquals(1, FREED[0]);
        assertEquals(0, g.channel(maker, "out").published());
    }

    @Test
    void aTakeUndoneByAFailureLeavesTheTokenHeldByItsChannel() {
        TestGraph g = new TestGraph();
        Clock clock = g.clock(100);
        Maker maker = g.filter(Maker.class);
        Taker taker = g.filter(Taker.class);
        g.link(clock, maker).link(maker, taker, 4).check();
        taker.throwAfterTake = true;
        GraphDriver driver = GraphDriver.of(g);
        assertThrows(BoundaryError.class, () -> driver.run(1));
        SharedChannel<?> out = (SharedChannel<?>) g.channel(maker, "out");
        assertEquals(0, FREED[0]);
        assertEquals(1, out.size(), "back in its slot");
        assertEquals(1, out.peek(0).references(), "held by its slot only");
    }

    @Test
    void aDroppedPutHoldsNoReference() {
        TestGraph g = new TestGraph();
        Clock clock = g.clock(100);
        Maker maker = g.filter(Maker.class);
        Taker taker = g.filter(Taker.class);
        g.link(clock, maker).link(maker, taker, 1).check();
        taker.throwAfterTake = true; // the taker fails and stops the graph: its channel stays full
        GraphDriver driver = GraphDriver.of(g);
        assertThrows(BoundaryError.class, () -> driver.run(1));
        taker.throwAfterTake = false;
        SharedChannel<?> out = (SharedChannel<?>) g.channel(maker, "out");
        Token kept = (Token) out.peek(0);
        assertEquals(1, kept.references());
        assertEquals(0, FREED[0]);
    }

    @Test
    void aSharedQueueKeepsTokensAcrossReleases() {
        TestGraph g = new TestGraph();
        Clock clock = g.clock(100);
        Maker maker = g.filter(Maker.class);
        Keeper keeper = g.filter(Keeper.class);
        Taker taker = g.filter(Taker.class);
        g.link(clock, maker).link(maker, keeper, 4).link(keeper, taker, 4).check();
        GraphDriver.of(g).run(5);
        assertEquals(3, taker.count, "the first three forwarded, two kept");
        for (int i = 0; i < 3; i++) {
            assertEquals(MADE[i], taker.seen(i));
            assertEquals(1, FREED[i]);
        }
        for (int i = 3; i < 5; i++) {
            assertEquals(0, FREED[i], "held by the queue");
        }
    }

    @Test
    void aSharedQueueOutsideAWorkGivesItsReferenceToTheCaller() {
        SharedQueue<Token> q = new SharedQueue<>(1);
        Token t = Token.make(1); // outside work(): the caller owns it
        assertTrue(q.add(t));
        assertFalse(q.add(Token.make(2)), "full");
        t.release();
        assertEquals(0, FREED[1], "the queue holds it");
        Token back = q.removeFirst();
        assertSame(t, back);
        back.release();
        assertEquals(1, FREED[1]);
        assertThrows(UseAfterReleaseError.class, t::retain);
        assertThrows(UseAfterReleaseError.class, t::release);
    }

    @Test
    void scratchMemoryIsZeroedEachWorkAndBounded() {
        TestGraph g = new TestGraph();
        Clock clock = g.clock(100);
        ScratchUser user = g.filter(ScratchUser.class);
        g.link(clock, user).check();
        user.bytes = 256;
        GraphDriver driver = GraphDriver.of(g);
        driver.run(2);
        assertEquals(0, user.firstByteSeen, "what the last work() wrote is gone");
        user.bytes = 1L << 40;
        BoundaryError e = assertThrows(BoundaryError.class, () -> driver.run(1));
        assertTrue(e.getMessage().contains(RegionFullError.class.getSimpleName()), e.getMessage());
        assertTrue(e.getMessage().contains("streamflex.scratchBytes"), e.getMessage());
    }

    /** A generic operator: its channels carry whatever its neighbours declare. */
    public static final class Pass<S extends Shared> extends Filter {
        private SharedChannel<S> in;
        private SharedChannel<S> out;

        @Override
        public void work() {
            out.put(in.take());
        }
    }

    @Test
    void aGenericOperatorsOutputFeedsAConsumerOfANarrowerClass() {
        TestGraph g = new TestGraph();
        Clock clock = g.clock(100);
        Maker maker = g.filter(Maker.class);
        Pass<?> pass = g.filter(Pass.class);
        Taker taker = g.filter(Taker.class);
        g.link(clock, maker).link(maker, pass, 4).link(pass, taker, 4).check();
        GraphDriver.of(g).run(2);
        assertEquals(2, taker.count);
        assertEquals(MADE[1], taker.seen(1));
        assertEquals(1, FREED[1]);
    }

    /** A consumer declaring another shared class cannot be fed. */
    public static final class OtherToken extends Shared {
        @Override
        protected void freed() {
        }
    }

    public static final class OtherTaker extends Filter {
        private SharedChannel<OtherToken> in;

        @Override
        public void work() {
            in.take();
        }
    }

    @Test
    void aSharedChannelOfOneClassCannotFeedAnother() {
        TestGraph g = new TestGraph();
        Clock clock = g.clock(100);
        Maker maker = g.filter(Maker.class);
        OtherTaker other = g.filter(OtherTaker.class);
        g.link(clock, maker).link(maker, other, 4);
        StreamFlexError e = assertThrows(StreamFlexError.class, g::check);
        String message = e.getMessage();
        assertTrue(message.contains("SharedChannel<Token>") && message.contains("SharedChannel<OtherToken>"), message);
    }
}
