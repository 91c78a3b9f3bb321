package org.streamflex.dsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.streamflex.BoundaryError;
import org.streamflex.Clock;
import org.streamflex.Filter;
import org.streamflex.SharedChannel;
import org.streamflex.StreamFlexGraph;
import org.streamflex.TimeChannel;
import org.streamflex.UseAfterReleaseError;
import org.streamflex.dsp.memory.DspDebug;
import org.streamflex.runtime.GraphDriver;

/**
 * The debug mode ({@code -Dstreamflex.dsp.debug=true}, the {@code debug} Surefire execution): a
 * segment used after its last holder released it throws {@link UseAfterReleaseError} naming the
 * segment and where it was freed, instead of reading whatever its memory holds next.
 */
class UseAfterReleaseDebugTest {
    private static final Timebase MIC = Timebase.of("mic", 48_000, 0);

    @Test
    void aReadAfterTheLastReleaseSaysWhereTheSegmentWasFreed() {
        assertTrue(DspDebug.ENABLED, "run with -Dstreamflex.dsp.debug=true (Surefire execution debug)");
        FloatSeg s = FloatSeg.make(MIC, 100, 8);
        s.release();
        UseAfterReleaseError e = assertThrows(UseAfterReleaseError.class, () -> s.get(0));
        assertTrue(e.getMessage().startsWith("FloatSeg[mic@48000Hz samples 100..108 (8), 1 piece] used after its last"
                + " holder released it; it was java.lang.Throwable: freed here, on thread "), e.getMessage());
        assertTrue(e.getMessage().contains("aReadAfterTheLastReleaseSaysWhereTheSegmentWasFreed"),
                "the stack of the release: " + e.getMessage());
        assertThrows(UseAfterReleaseError.class, () -> s.subseg(0, 1));
        assertThrows(UseAfterReleaseError.class, s::length);
        assertThrows(UseAfterReleaseError.class, s::retain);
    }

    /** Keeps the segment it took in a static field: what rules S1 and S2 forbid, to show what the runtime does. */
    static final class Stash {
        static FloatSeg kept;
    }

    /** Makes one segment per release. */
    public static final class Source extends Filter {
        @SuppressWarnings("UnusedVariable") // the clock releases the filter through it
        private TimeChannel timer;
        private SharedChannel<FloatSeg> out;
        private long next;

        @Override
        public void work() {
            out.put(FloatSeg.make(MIC, next, 16));
            next += 16;
        }
    }

    /** Reads the segment the previous release kept, then keeps this one. */
    @SuppressWarnings({"StreamFlex:S2", "StreamFlex:R3"}) // the bug the debug mode exists to catch
    public static final class Keeper extends Filter {
        private SharedChannel<FloatSeg> in;

        @Override
        public void work() {
            FloatSeg s = in.take();
            if (Stash.kept != null) {
                Stash.kept.get(0);
            }
            Stash.kept = s;
        }
    }

    static final class Leaky extends StreamFlexGraph {
        Leaky() {
            Clock clock = makeClock(0);
            Source source = makeFilter(Source.class);
            Keeper keeper = makeFilter(Keeper.class);
            connect(clock, source);
            connect(source, keeper, 2);
            validate();
        }
    }

    @Test
    void aFilterKeepingASegmentPastItsWorkFailsNamingTheSegment() {
        Leaky graph = new Leaky();
        BoundaryError e = assertThrows(BoundaryError.class, () -> GraphDriver.of(graph).run(2));
        assertEquals("Keeper", e.filterName());
        assertTrue(e.getMessage().contains("FloatSeg[mic@48000Hz samples 0..16 (16), 1 piece] used after its last"
                + " holder released it"), e.getMessage());
        assertTrue(e.getMessage().contains("Keep segments across releases in a SharedQueue"), e.getMessage());
        assertInstanceOf(BoundaryError.class, graph.failure());
        Stash.kept = null;
    }
}
