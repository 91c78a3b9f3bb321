package org.streamflex.dsp.rewrite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.streamflex.Filter;
import org.streamflex.SharedChannel;
import org.streamflex.dsp.FloatSeg;
import org.streamflex.dsp.Timebase;

/**
 * Each of WaveScript's rules fires where its pattern and side conditions hold and nowhere else, and
 * rewriting goes on until nothing changes. Plans only: that the rewritten graphs compute the same
 * as the original is shown on running graphs (SignalGraphRewriteTest).
 */
class RewriterTest {
    private static final Timebase MIC = Timebase.of("mic", 48_000, 0);

    /** A stateless map: its one field is a parameter. */
    public static final class Scale extends Filter {
        private SharedChannel<FloatSeg> in;
        private SharedChannel<FloatSeg> out;
        private final float gain = 2f;

        @Override
        public void work() {
            out.put(in.take());
        }

        public float gain() {
            return gain;
        }
    }

    /** A map with state: two copies of it would count differently from one. */
    public static final class Numbering extends Filter {
        private SharedChannel<FloatSeg> in;
        private SharedChannel<FloatSeg> out;
        private long count;

        @Override
        public void work() {
            count++;
            out.put(in.take());
        }

        public long count() {
            return count;
        }
    }

    private final Plan plan = new Plan();

    private Node source() {
        return plan.node(new Op.Source(null, "out", FloatSeg.class));
    }

    private Node scalars() {
        return plan.node(new Op.ScalarSource(null, "out", MIC, 0));
    }

    private List<Rewrite> rewrite(Node end) {
        plan.end(end);
        return new Rewriter(Rewriter.WAVESCRIPT).rewrite(plan);
    }

    @Test
    void dewindowOfWindowIsTheScalars() {
        Node s = scalars();
        List<Rewrite> done = rewrite(plan.node(new Op.Dewindow(), plan.node(new Op.Window(64), s)));
        assertEquals("scalars out", plan.ends().getFirst().expression());
        assertEquals(List.of("dewindow(window(64)(scalars out))  =>  scalars out  (dewindow(window(n, s)) = s)"),
                done.stream().map(Rewrite::toString).toList());
    }

    @Test
    void windowOfDewindowIsARewindowWithoutOverlap() {
        rewrite(plan.node(new Op.Window(100), plan.node(new Op.Dewindow(), source())));
        assertEquals("rewindow(100, 0)(source out)", plan.ends().getFirst().expression());
    }

    @Test
    void nestedRewindowsAreTheOuterOneWhenTheInnerLosesNoSample() {
        Node inner = plan.node(new Op.Rewindow(30, 10, true), source());
        rewrite(plan.node(new Op.Rewindow(40, 0, true), inner));
        assertEquals("rewindow(40, 0)(source out)", plan.ends().getFirst().expression());
    }

    @Test
    void anInnerRewindowThatDropsShortWindowsStays() {
        Node inner = plan.node(new Op.Rewindow(30, 10, false), source());
        List<Rewrite> done = rewrite(plan.node(new Op.Rewindow(40, 0, true), inner));
        assertTrue(done.isEmpty(), done.toString());
    }

    @Test
    void rewindowWithoutOverlapOfAWindowIsAWindow() {
        rewrite(plan.node(new Op.Rewindow(256, 0, true), plan.node(new Op.Window(32), scalars())));
        assertEquals("window(256)(scalars out)", plan.ends().getFirst().expression());
    }

    @Test
    void aRewindowWithOverlapOfAWindowStays() {
        List<Rewrite> done = rewrite(plan.node(new Op.Rewindow(256, 128, true),
                plan.node(new Op.Window(32), scalars())));
        assertTrue(done.isEmpty());
    }

    @Test
    void aStatelessMapMovesAboveAMerge() {
        Node merge = plan.node(new Op.Merge(), source(), source());
        rewrite(plan.node(new Op.Map(Scale.class), merge));
        assertEquals("merge(map(Scale)(source out), map(Scale)(source out))", plan.ends().getFirst().expression());
    }

    @Test
    void aMapWithStateStaysBelowTheMerge() {
        Node merge = plan.node(new Op.Merge(), source(), source());
        List<Rewrite> done = rewrite(plan.node(new Op.Map(Numbering.class), merge));
        assertTrue(done.isEmpty());
        assertTrue(MapOverMerge.stateless(Scale.class));
    }

    @Test
    void aBandpassFollowedByAnFftOfTheSameSizeKeepsOnlyTheMaskedSpectrum() {
        // marmot: toFreq(32, bandpass(32, lo, hi, s)) with bandpass = ifft(mask(fft(32, s)))
        Node bandpass = plan.node(new Op.Ifft(0), plan.node(new Op.BandMask(2_500, 12_000),
                plan.node(new Op.Fft(32), source())));
        List<Rewrite> done = rewrite(plan.node(new Op.Fft(32), bandpass));
        assertEquals("mask(2500.0, 12000.0)(fft(32)(source out))", plan.ends().getFirst().expression());
        assertEquals("fft(n, ifft(S)) = S", done.getFirst().law());
    }

    @Test
    void anFftOfAnotherSizeDoesNotCancel() {
        Node bandpass = plan.node(new Op.Ifft(0), plan.node(new Op.Fft(64), source()));
        assertTrue(rewrite(plan.node(new Op.Fft(32), bandpass)).isEmpty());
    }

    @Test
    void ifftOfFftCancelsOnlyOverWindowsOfExactlyThatSize() {
        Node exact = plan.node(new Op.Rewindow(32, 16, false), source());
        rewrite(plan.node(new Op.Ifft(0), plan.node(new Op.Fft(32), exact)));
        assertEquals("rewindow(32, 16)(source out)", plan.ends().getFirst().expression());

        Plan other = new Plan();
        Node shortAtGaps = other.node(new Op.Rewindow(32, 16, true), other.node(new Op.Source(null, "out",
                FloatSeg.class)));
        other.end(other.node(new Op.Ifft(0), other.node(new Op.Fft(32), shortAtGaps)));
        assertTrue(new Rewriter(Rewriter.WAVESCRIPT).rewrite(other).isEmpty(), "a short window comes back padded");
    }

    @Test
    void aNodeWithAnotherUseIsNotFoldedAway() {
        Node window = plan.node(new Op.Window(64), scalars());
        plan.end(window); // the windows go to a filter of the user's too
        List<Rewrite> done = rewrite(plan.node(new Op.Dewindow(), window));
        assertTrue(done.isEmpty());
    }

    @Test
    void rewritingGoesOnUntilNothingChanges() {
        // window(32, dewindow(rewindow(64, 0, rewindow(16, 8, window(16, scalars)))))
        Node w16 = plan.node(new Op.Window(16), scalars());
        Node r16 = plan.node(new Op.Rewindow(16, 8, true), w16);
        Node r64 = plan.node(new Op.Rewindow(64, 0, true), r16);
        List<Rewrite> done = rewrite(plan.node(new Op.Window(32), plan.node(new Op.Dewindow(), r64)));
        assertEquals("window(32)(scalars out)", plan.ends().getFirst().expression());
        assertEquals(List.of("window(n, dewindow(s)) = rewindow(n, 0, s)",
                "rewindow(x, y, rewindow(a, b, s)) = rewindow(x, y, s)",
                "rewindow(x, y, rewindow(a, b, s)) = rewindow(x, y, s)",
                "rewindow(n, 0, window(m, s)) = window(n, s)"), done.stream().map(Rewrite::law).toList());
    }
}
