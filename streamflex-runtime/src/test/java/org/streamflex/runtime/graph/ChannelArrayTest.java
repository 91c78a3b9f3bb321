package org.streamflex.runtime.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.streamflex.Filter;
import org.streamflex.IntChannel;
import org.streamflex.StreamFlexError;
import org.streamflex.TimeChannel;
import org.streamflex.runtime.GraphDriver;

/**
 * A filter may declare an array of channels ({@code IntChannel[] in}): each connect to the field
 * adds a channel, in connection order, and the runtime injects the array when the graph is
 * validated. What a sync with N data inputs, or a source with N outputs, needs.
 */
class ChannelArrayTest {
    /** Puts its release count on every one of its outputs, times the output's position plus one. */
    public static final class Fan extends Filter {
        @SuppressWarnings("UnusedVariable") // the clock releases the filter through it
        private TimeChannel timer;
        private IntChannel[] out;
        private int tick;

        @Override
        public void work() {
            tick++;
            for (int i = 0; i < out.length; i++) {
                out[i].put(tick * (i + 1));
            }
        }
    }

    /** Takes one item from each input, in order, once all have one, and keeps their weighted sum. */
    public static final class Gather extends Filter {
        private IntChannel[] in;
        public long sum;
        public int inputs;

        @Override
        public boolean trigger() {
            for (IntChannel c : in) {
                if (c.size() == 0) {
                    return false;
                }
            }
            return true;
        }

        @Override
        public void work() {
            inputs = in.length;
            for (int i = 0; i < in.length; i++) {
                sum += (long) (i + 1) * in[i].take();
            }
        }
    }

    @Test
    void eachConnectAddsAChannelInConnectionOrder() {
        TestGraph g = new TestGraph();
        Fan fan = g.filter(Fan.class);
        Gather gather = g.filter(Gather.class);
        g.link(g.clock(10), fan);
        for (int i = 0; i < 3; i++) {
            g.link(fan, "out", gather, "in", 4);
        }
        g.check();
        GraphDriver.of(g).run(10);
        assertEquals(3, gather.inputs);
        // release t puts t, 2t, 3t; gather weighs input i by i+1: t + 4t + 9t = 14t, over t = 1..10
        assertEquals(14L * 55, gather.sum);
        assertEquals("Fan.out[1] -> Gather.in[1]", g.channel(fan, "out[1]").name());
        assertSame(g.channel(gather, "in[2]"), g.channel(fan, "out[2]"));
    }

    @Test
    void anArrayNamesItsChannelsByIndex() {
        TestGraph g = new TestGraph();
        Fan fan = g.filter(Fan.class);
        Gather gather = g.filter(Gather.class);
        g.link(g.clock(10), fan).link(fan, "out", gather, "in", 4).check();
        StreamFlexError e = assertThrows(StreamFlexError.class, () -> g.channel(gather, "in"));
        assertEquals("Gather.in (IntChannel[]) is an array of 1 channels: name one by its index, from 0, as in"
                + " \"in[0]\"", e.getMessage());
        assertThrows(StreamFlexError.class, () -> g.channel(gather, "in[1]"));
    }

    @Test
    void anArrayWithoutChannelsIsNotConnected() {
        TestGraph g = new TestGraph();
        Fan fan = g.filter(Fan.class);
        g.filter(Gather.class);
        g.link(g.clock(10), fan);
        StreamFlexError e = assertThrows(StreamFlexError.class, g::check);
        assertTrue(e.problems().stream().anyMatch(p -> p.startsWith("Gather.in (IntChannel[]) is not connected")),
                e.problems().toString());
        assertTrue(e.problems().stream().anyMatch(p -> p.startsWith("Fan.out (IntChannel[]) is not connected")),
                e.problems().toString());
    }
}
