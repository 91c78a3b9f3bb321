package org.streamflex.dsp.rewrite;

import java.util.Map;

/**
 * {@code cfar(bandScore(n, v, lo, hi)(s)) = bandCfar(n, v, lo, hi)(s)}: the band score and the CFAR
 * detector that reads it become one operator ({@code detect.BandCfar}) that feeds each window's
 * score to the detector in the firing that computes it, instead of putting a capsule per window on
 * a channel for the detector's firing to take. A fusion of library operators, applied after
 * {@link BandScoreOfWindows} (whose result it matches).
 *
 * <p>Side condition: the scores have no other use (nothing else sees the capsules that are no
 * longer made). Both sides then give the same ranges in the same order, bit for bit, with the same
 * window events counted ({@code BandCfarTest}).
 */
public final class CfarOfBandScore implements Rule {
    @Override
    public String law() {
        return "cfar(bandScore(n, v, lo, hi)(s)) = bandCfar(n, v, lo, hi)(s)";
    }

    @Override
    public Node rewrite(Node node, Plan plan, Map<Node, Integer> uses) {
        if (node.op() instanceof Op.Cfar cfar && node.input().op() instanceof Op.BandScore score
                && Rule.usedOnce(node.input(), uses)) {
            return plan.node(new Op.BandCfar(score, cfar), node.input().input());
        }
        return null;
    }
}
