package org.streamflex.dsp.rewrite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.streamflex.dsp.FloatSeg;

/**
 * The fusion {@code score(mask(fft(rewindow(s)))) = bandScore(s)} fires where its side conditions
 * hold and nowhere else. Plans only: that the fused graph computes the same scores bit for bit is
 * shown on running graphs (SignalGraphRewriteTest).
 */
class BandScoreOfWindowsTest {
    private static final Lowering NONE = maker -> {
        throw new AssertionError("plans only: nothing is lowered");
    };

    private final Plan plan = new Plan();

    private Node windows(int size, int overlap, boolean emitShort) {
        return plan.node(new Op.Rewindow(size, overlap, emitShort), plan.node(new Op.Source(null, "out",
                FloatSeg.class)));
    }

    private Node score(Node spectra, boolean unweighted) {
        return plan.node(new Op.BinScore(unweighted, NONE), spectra);
    }

    private List<Rewrite> rewrite(Node end) {
        plan.end(end);
        return new Rewriter(Rewriter.FUSIONS).rewrite(plan);
    }

    @Test
    void aScoreOfMaskedSpectraOfWindowsBecomesOneBandScore() {
        Node mask = plan.node(new Op.BandMask(2000, 8000), plan.node(new Op.Fft(32), windows(32, 0, true)));
        List<Rewrite> done = rewrite(score(mask, true));
        assertEquals(List.of("score(mask(2000.0, 8000.0)(fft(32)(rewindow(32, 0)(source out))))  =>  bandScore(32, 0,"
                + " 2000.0, 8000.0)(source out)  (score(mask(lo, hi)(fft(n)(rewindow(n, v)(s)))) = bandScore(n, v,"
                + " lo, hi)(s))"), done.stream().map(Rewrite::toString).toList());
        Node fused = plan.ends().getFirst();
        assertEquals(new Op.BandScore(32, 0, true, 2000, 8000), fused.op());
    }

    @Test
    void withoutAMaskEveryBinCountsAndTheOverlapAndGapPolicyCarryOver() {
        rewrite(score(plan.node(new Op.Fft(64), windows(64, 48, false)), true));
        assertEquals(new Op.BandScore(64, 48, false, 0, Double.POSITIVE_INFINITY), plan.ends().getFirst().op());
    }

    @Test
    void aWeightedScoreIsLeftAlone() {
        assertTrue(rewrite(score(plan.node(new Op.Fft(32), windows(32, 0, true)), false)).isEmpty());
    }

    @Test
    void anFftOfAnotherSizeThanTheWindowsIsLeftAlone() {
        assertTrue(rewrite(score(plan.node(new Op.Fft(64), windows(32, 0, true)), true)).isEmpty());
    }

    @Test
    void spectraOrWindowsWithAnotherUseAreNotFusedAway() {
        Node spectra = plan.node(new Op.Fft(32), windows(32, 0, true));
        plan.end(spectra); // the spectra go to a filter of the user's too
        assertTrue(rewrite(score(spectra, true)).isEmpty());

        Plan other = new Plan();
        Node w = other.node(new Op.Rewindow(32, 0, true), other.node(new Op.Source(null, "out", FloatSeg.class)));
        other.end(w);
        other.end(other.node(new Op.BinScore(true, NONE), other.node(new Op.Fft(32), w)));
        assertTrue(new Rewriter(Rewriter.FUSIONS).rewrite(other).isEmpty(), "the windows are used elsewhere");
    }
}
