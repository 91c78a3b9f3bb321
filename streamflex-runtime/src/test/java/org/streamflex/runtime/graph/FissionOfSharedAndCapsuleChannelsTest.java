package org.streamflex.runtime.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.streamflex.Capsule;
import org.streamflex.Channel;
import org.streamflex.Clock;
import org.streamflex.Filter;
import org.streamflex.Rate;
import org.streamflex.Shared;
import org.streamflex.SharedChannel;
import org.streamflex.Stateless;
import org.streamflex.TimeChannel;
import org.streamflex.runtime.GraphDriver;
import org.streamflex.runtime.TemporaryProperty;

/**
 * Fission of a stateless filter that takes shared values and puts capsules (the shape of a
 * direction-of-arrival stage: a tuple of segments in, a result capsule out): the items come out
 * in order, none lost or put twice, every shared value freed exactly once, and no capsule handed
 * to two items at once.
 */
class FissionOfSharedAndCapsuleChannelsTest {
    private static final int PER_RELEASE = 64;
    private static final int MAX_TOKENS = 1 << 15;

    /** A shared value with a number; counts how often each number's value was freed. */
    public static final class Token extends Shared {
        static final int[] FREED = new int[MAX_TOKENS];
        int id;

        static Token make(int id) {
            Token t = new Token();
            t.id = id;
            t.revive();
            return t;
        }

        @Override
        protected void freed() {
            FREED[id]++;
        }
    }

    /** What the stateless filter puts per token. */
    public static final class Weight extends Capsule {
        public int id;
        public long hash;

        private Weight() {
        }
    }

    /** Puts 64 new tokens per release. */
    public static final class Tokens extends Filter {
        @SuppressWarnings("UnusedVariable") // the clock's channel: connected, released on, never read
        private TimeChannel timer;
        @Rate(PER_RELEASE)
        private SharedChannel<Token> out;
        private int next;

        @Override
        public void work() {
            for (int i = 0; i < PER_RELEASE; i++) {
                out.put(Token.make(next++));
            }
        }
    }

    /** A weight per token: a hash of its number and the configured salt; depends on the token alone. */
    @Stateless
    public static final class Weigh extends Filter {
        @Rate(1)
        private SharedChannel<Token> in;
        @Rate(1)
        private Channel<Weight> out;
        /** Configuration, set after the graph is built: replicas must see it too. */
        int salt = 3;

        @Override
        public void work() {
            Token t = in.take();
            long h = t.id;
            for (int i = 0; i < 200; i++) {
                h = h * 31 + salt;
            }
            Weight w = makeCapsule(Weight.class);
            w.id = t.id;
            w.hash = h;
            out.put(w);
        }
    }

    /** Records each weight's number and hash as it takes it. */
    public static final class Weights extends Filter {
        @Rate(1)
        private Channel<Weight> in;
        private final int[] ids = new int[MAX_TOKENS];
        private final long[] hashes = new long[MAX_TOKENS];
        private int count;

        @Override
        public void work() {
            Weight w = in.take();
            if (count < ids.length) {
                ids[count] = w.id;
                hashes[count] = w.hash;
            }
            count++;
        }

        int[] ids() {
            return Arrays.copyOf(ids, Math.min(count, ids.length));
        }

        long[] hashes() {
            return Arrays.copyOf(hashes, Math.min(count, hashes.length));
        }
    }

    private record Built(TestGraph graph, Weights sink, Clock clock) {
    }

    private static Built build(String replicas, boolean fission) {
        try (var _ = FissionSettings.replicated(replicas, fission)) {
            TestGraph g = new TestGraph();
            Tokens source = g.filter(Tokens.class);
            Weigh weigh = g.filter(Weigh.class);
            Weights sink = g.filter(Weights.class, 1 << 19, 4096);
            Clock clock = g.clock(1000);
            g.link(clock, source, "timer").link(source, weigh, 256).link(weigh, sink, 256).check();
            weigh.salt = 17;
            return new Built(g, sink, clock);
        }
    }

    private static Weights driven(String replicas, boolean fission, int releases) {
        Arrays.fill(Token.FREED, 0);
        Built b = build(replicas, fission);
        GraphDriver.of(b.graph()).run(releases);
        return b.sink();
    }

    @ParameterizedTest
    @ValueSource(strings = {"2", "3"})
    void itemsComeOutInOrderNoneLostOrTwiceAndEveryTokenIsFreedOnce(String replicas) {
        int releases = 300;
        Weights alone = driven(replicas, false, releases);
        Weights split = driven(replicas, true, releases);
        int n = releases * PER_RELEASE;
        int[] expected = new int[n];
        Arrays.setAll(expected, i -> i);
        assertArrayEquals(expected, split.ids(), "one weight per token, in the tokens' order");
        assertArrayEquals(alone.hashes(), split.hashes(), "each replica saw the configuration set after building");
        for (int id = 0; id < n; id++) {
            assertEquals(1, Token.FREED[id], "token " + id + " freed once (the filter's and the replica's references)");
        }
    }

    @Test
    void scheduleSaysTheFilterIsSplit() {
        assertTrue(build("2", true).graph().schedule().contains("  fission: Weigh in 2 replicas\n"),
                build("2", true).graph().schedule());
        assertFalse(build("2", false).graph().schedule().contains("fission"));
    }

    /** Takes weights and forwards them: a capsule input, which fission must not replicate. */
    @Stateless
    public static final class Forward extends Filter {
        @Rate(1)
        private Channel<Weight> in;
        @Rate(1)
        private Channel<Weight> out;

        @Override
        public void work() {
            out.put(in.take());
        }
    }

    @Test
    void aFilterTakingCapsulesIsNotSplit() {
        try (var _ = TemporaryProperty.set("streamflex.fission.replicas", "2")) {
            TestGraph g = new TestGraph();
            Tokens source = g.filter(Tokens.class);
            Weigh weigh = g.filter(Weigh.class);
            Forward forward = g.filter(Forward.class);
            Weights sink = g.filter(Weights.class, 1 << 19, 4096);
            g.link(g.clock(10), source, "timer").link(source, weigh, 256).link(weigh, forward, 256)
                    .link(forward, sink, 256).check();
            String schedule = g.schedule();
            assertTrue(schedule.contains("fission: Weigh in 2 replicas"), schedule);
            assertFalse(schedule.contains("fission: Forward"), schedule);
        }
    }

    @Test
    void aStartedGraphSplitsOnWorkerThreadsAndPutsOutWhatOneThreadWould() throws InterruptedException {
        Arrays.fill(Token.FREED, 0);
        Built b = build("2", true);
        b.graph().start();
        try {
            TestGraph.awaitReleases(b.clock(), 50);
        } finally {
            b.graph().stop();
        }
        assertTrue(b.graph().awaitTermination(1, TimeUnit.MINUTES));
        int[] ids = b.sink().ids();
        int[] expected = new int[ids.length];
        Arrays.setAll(expected, i -> i);
        assertArrayEquals(expected, ids);
        assertTrue(ids.length >= 50 * PER_RELEASE - 512, ids.length + " weights after 50 releases");
    }
}
