package org.streamflex.runtime.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import org.junit.jupiter.api.Test;
import org.streamflex.Filter;
import org.streamflex.IntChannel;
import org.streamflex.Rate;

/**
 * What {@link RateProof} proves from a filter's {@code work()} code, and what it refuses to: a
 * chain links filters without the slots' checks only on its word.
 */
class RateProofTest {
    /** StreamIt's identity filter. */
    public static final class Identity extends Filter {
        @Rate(1)
        private IntChannel in;
        @Rate(1)
        private IntChannel out;

        @Override
        public void work() {
            out.put(in.take());
        }
    }

    /** Sums and counts what it takes: fields read and written through {@code dup}, a conversion, an add. */
    public static final class Summing extends Filter {
        @Rate(1)
        private IntChannel in;
        private long sum;
        private long count;

        @Override
        public void work() {
            sum += in.take();
            count++;
        }

        long mean() {
            return sum / Math.max(1, count);
        }
    }

    /** Takes twice per work(). */
    public static final class TakesTwice extends Filter {
        @Rate(2)
        private IntChannel in;
        @Rate(1)
        private IntChannel out;

        @Override
        public void work() {
            out.put(in.take() + in.take());
        }
    }

    /** Takes from its output and puts on its input. */
    public static final class Crossed extends Filter {
        @Rate(1)
        private IntChannel in;
        @Rate(1)
        private IntChannel out;

        @Override
        public void work() {
            in.put(out.take());
        }
    }

    /** Puts only when the item is even: a branch. */
    public static final class Branching extends Filter {
        @Rate(1)
        private IntChannel in;
        @Rate(1)
        private IntChannel out;

        @Override
        public void work() {
            int x = in.take();
            if (x % 2 == 0) {
                out.put(x);
            }
        }
    }

    /** Calls a method besides its channels'. */
    public static final class Calling extends Filter {
        @Rate(1)
        private IntChannel in;
        @Rate(1)
        private IntChannel out;

        @Override
        public void work() {
            out.put(Math.abs(in.take()));
        }
    }

    /** Straight line, but its input can be rebound by a method other than a constructor. */
    public static final class Rebinding extends Filter {
        @Rate(1)
        private IntChannel in;
        @Rate(1)
        private IntChannel out;

        @Override
        public void work() {
            out.put(in.take());
        }

        void swap() {
            IntChannel c = in;
            in = out;
            out = c;
        }
    }

    /** Keeps a second reference to its input in another channel field, from work(). */
    public static final class Escaping extends Filter {
        @Rate(1)
        private IntChannel in;
        @Rate(1)
        private IntChannel out;
        @SuppressWarnings("UnusedVariable") // written to show the proof refuses a channel copied to another field
        private IntChannel seen;

        @Override
        public void work() {
            seen = in;
            out.put(in.take());
        }
    }

    @Test
    void anIdentityFilterIsProvenToTakeOneAndPutOnePerWork() throws Exception {
        RateProof proof = RateProof.of(Identity.class);
        assertTrue(proof.callsOnlyChannels());
        assertEquals(1, proof.takes(field(Identity.class, "in")));
        assertEquals(0, proof.puts(field(Identity.class, "in")));
        assertEquals(1, proof.puts(field(Identity.class, "out")));
        assertEquals(0, proof.takes(field(Identity.class, "out")));
    }

    @Test
    void aSinkThatSumsWhatItTakesIsProven() throws Exception {
        RateProof proof = RateProof.of(Summing.class);
        assertTrue(proof.callsOnlyChannels());
        assertEquals(1, proof.takes(field(Summing.class, "in")));
    }

    @Test
    void twoTakesAreCountedAsTwo() throws Exception {
        assertEquals(2, RateProof.of(TakesTwice.class).takes(field(TakesTwice.class, "in")));
    }

    @Test
    void callsAreCountedOnTheFieldTheyAreMadeOn() throws Exception {
        RateProof proof = RateProof.of(Crossed.class);
        assertEquals(0, proof.takes(field(Crossed.class, "in")));
        assertEquals(1, proof.puts(field(Crossed.class, "in")));
        assertEquals(1, proof.takes(field(Crossed.class, "out")));
    }

    @Test
    void aBranchAnotherCallARebindingOrAnEscapeLeaveTheFilterUnproven() throws Exception {
        for (Class<? extends Filter> type : java.util.List.of(Branching.class, Calling.class, Rebinding.class,
                Escaping.class, DepthFirstChainTest.Step.class)) {
            RateProof proof = RateProof.of(type);
            assertSame(RateProof.NONE, proof, type.getSimpleName());
            assertFalse(proof.callsOnlyChannels(), type.getSimpleName());
            assertEquals(-1, proof.takes(field(type, "in")), type.getSimpleName());
        }
    }

    private static Field field(Class<?> type, String name) throws NoSuchFieldException {
        return type.getDeclaredField(name);
    }
}
