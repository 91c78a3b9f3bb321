package org.streamflex.dsp.rewrite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.streamflex.dsp.FloatSeg;

/**
 * The fusion {@code cfar(bandScore(s)) = bandCfar(s)} fires where its side condition holds (nothing
 * else reads the scores), also over a band score the other fusion has just made, and nowhere else.
 * Plans only: that the fused operator gives the pair's ranges bit for bit is shown on running graphs
 * ({@code detect.BandCfarTest}).
 */
class CfarOfBandScoreTest {
    private static final Lowering NONE = maker -> {
        throw new AssertionError("plans only: nothing is lowered");
    };
    private static final Op.Cfar CFAR = new Op.Cfar(5, 1024, 1024, 8, 1e-3, 50_000_000L, 50_000_000L, 64);

    private final Plan plan = new Plan();

    private Node source() {
        return plan.node(new Op.Source(null, "out", FloatSeg.class));
    }

    @Test
    void aCfarOverTheBandScoreOfMaskedSpectraOfWindowsBecomesOneBandCfar() {
        Node windows = plan.node(new Op.Rewindow(32, 0, true), source());
        Node mask = plan.node(new Op.BandMask(2000, 8000), plan.node(new Op.Fft(32), windows));
        plan.end(plan.node(CFAR, plan.node(new Op.BinScore(true, NONE), mask)));
        List<Rewrite> done = new Rewriter(Rewriter.FUSIONS).rewrite(plan);
        assertEquals(List.of("score(mask(lo, hi)(fft(n)(rewindow(n, v)(s)))) = bandScore(n, v, lo, hi)(s)",
                "cfar(bandScore(n, v, lo, hi)(s)) = bandCfar(n, v, lo, hi)(s)"),
                done.stream().map(Rewrite::law).toList());
        Node fused = plan.ends().getFirst();
        assertEquals(new Op.BandCfar(new Op.BandScore(32, 0, true, 2000, 8000), CFAR), fused.op());
        assertEquals("bandCfar(32, 0, 2000.0, 8000.0; 5.0)(source out)", fused.expression());
    }

    @Test
    void scoresWithAnotherUseAreNotFusedAway() {
        Node scores = plan.node(new Op.BandScore(32, 0, true, 2000, 8000), source());
        plan.end(scores); // a score recorder of the user's reads them too
        plan.end(plan.node(CFAR, scores));
        assertTrue(new Rewriter(Rewriter.FUSIONS).rewrite(plan).isEmpty());
    }

    @Test
    void aCfarOverScoresOfAnotherKindIsLeftAlone() {
        Node spectra = plan.node(new Op.Fft(32), plan.node(new Op.Rewindow(32, 0, true), source()));
        plan.end(plan.node(CFAR, plan.node(new Op.BinScore(false, NONE), spectra)));
        assertTrue(new Rewriter(Rewriter.FUSIONS).rewrite(plan).isEmpty(), "a weighted score is not a band score");
    }
}
