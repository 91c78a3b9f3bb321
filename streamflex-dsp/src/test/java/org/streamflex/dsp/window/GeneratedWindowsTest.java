package org.streamflex.dsp.window;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.streamflex.Clock;
import org.streamflex.Filter;
import org.streamflex.ShortChannel;
import org.streamflex.StreamFlexGraph;
import org.streamflex.TimeChannel;
import org.streamflex.dsp.Timebase;
import org.streamflex.runtime.GraphDriver;

/**
 * The window operators the build generates for the other sample types behave as their template:
 * shorts windowed, dewindowed with marks, windowed again by the marks and dewindowed come back as
 * they went in.
 */
class GeneratedWindowsTest {
    private static final Timebase PCM = Timebase.of("generated-pcm", 44_100, 0);

    /** Puts 5 shorts per release: 0, 7, 14, ... wrapping. */
    public static final class ShortRamp extends Filter {
        @SuppressWarnings("UnusedVariable") // the clock releases the filter through it
        private TimeChannel timer;
        private ShortChannel out;
        private int next;

        @Override
        public void work() {
            for (int k = 0; k < 5; k++) {
                out.put((short) (7 * next++));
            }
        }
    }

    /** Keeps every short. */
    public static final class ShortCollect extends Filter {
        private ShortChannel in;
        private final short[] values = new short[4096];
        private int count;

        @Override
        public void work() {
            while (in.size() > 0) {
                values[count++] = in.take();
            }
        }

        public int count() {
            return count;
        }

        public short value(int i) {
            return values[i];
        }
    }

    /** ramp, ShortWindow(12), ShortMarkingDewindow, ShortMarkedWindow(5), ShortDewindow, collect. */
    static final class ShortGraph extends StreamFlexGraph {
        final ShortCollect collect;

        ShortGraph() {
            Clock clock = makeClock(100);
            ShortRamp ramp = makeFilter(ShortRamp.class);
            ShortWindow window = makeFilter(ShortWindow.class);
            window.configure(12, PCM, 100);
            ShortMarkingDewindow marking = makeFilter(ShortMarkingDewindow.class);
            ShortMarkedWindow marked = makeFilter(ShortMarkedWindow.class);
            marked.configure(5);
            ShortDewindow dewindow = makeFilter(ShortDewindow.class);
            collect = makeFilter(ShortCollect.class);
            connect(clock, ramp);
            connect(ramp, "out", window, "in", 64);
            connect(window, "out", marking, "in", 8);
            connect(marking, "out", marked, "in", 64);
            connect(marking, "marks", marked, "marks", 8);
            connect(marked, "out", dewindow, "in", 8);
            connect(dewindow, "out", collect, "in", 64);
            validate();
        }
    }

    @Test
    void shortsComeBackThroughTheGeneratedWindowsAsTheyWentIn() {
        ShortGraph graph = new ShortGraph();
        GraphDriver.of(graph).run(100);
        // 500 shorts in; ShortWindow holds the last 500 % 12 = 8, ShortMarkedWindow the last 492 % 5 = 2.
        assertEquals(490, graph.collect.count());
        for (int i = 0; i < 490; i++) {
            assertEquals((short) (7 * i), graph.collect.value(i), "short " + i);
        }
    }
}
