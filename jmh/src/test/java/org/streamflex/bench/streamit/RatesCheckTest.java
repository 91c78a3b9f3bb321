package org.streamflex.bench.streamit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.streamflex.BoundaryError;
import org.streamflex.Filter;
import org.streamflex.FloatChannel;
import org.streamflex.Rate;
import org.streamflex.RateViolationError;
import org.streamflex.StreamFlexGraph;
import org.streamflex.TimeChannel;
import org.streamflex.runtime.GraphDriver;

/**
 * The programs' rate tests ({@code everyWorkTakesAndPutsExactlyItsDeclaredRates}) pass only if the
 * runtime really checks the graphs they build: a filter that breaks its declaration, built the same
 * way, is stopped.
 */
class RatesCheckTest {
    /** Declares 2 items per work() and puts 1 the first time: in a branch, which the checker's W1 leaves to the run. */
    public static final class Liar extends Filter {
        @SuppressWarnings("UnusedVariable") // the clock releases the filter through it; work() does not read the time
        private TimeChannel timer;
        @Rate(2)
        private FloatChannel out;
        private boolean ranBefore;

        @Override
        public void work() {
            out.put(1f);
            if (ranBefore) {
                out.put(2f);
            }
            ranBefore = true;
        }
    }

    /** A clock, a {@link Liar} and a printer. */
    public static final class LyingGraph extends StreamFlexGraph {
        final FloatPrinter printer;

        LyingGraph() {
            Liar liar = makeFilter(Liar.class);
            printer = makeFilter(FloatPrinter.class, 1 << 20, DEFAULT_TRANSIENT_BYTES);
            connect(makeClock(0), liar, "timer");
            connect(liar, printer, 8);
            validate();
        }
    }

    @ParameterizedTest
    @EnumSource(FusionSetting.class)
    void aWorkThatBreaksItsDeclaredRateStopsAGraphBuiltCheckingRates(FusionSetting fusion) {
        LyingGraph checked = fusion.buildCheckingRates(LyingGraph::new);
        BoundaryError e = assertThrows(BoundaryError.class, () -> GraphDriver.of(checked).run(1));
        assertEquals(RateViolationError.class.getName(), e.causeClassName(), e.getMessage());

        LyingGraph unchecked = fusion.build(LyingGraph::new);
        GraphDriver.of(unchecked).run(3);
        assertEquals(1 + 2 + 2, unchecked.printer.count(), "without the check the liar runs");
    }
}
