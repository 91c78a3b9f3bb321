package org.streamflex.dsp.rewrite;

import java.util.Map;

/**
 * {@code window(n, dewindow(s)) = rewindow(n, 0, s)}. Side condition (WaveScript leaves it
 * implicit): the dewindow keeps each sample's time (our dewindow passes it on as marks), so the
 * window rebuilds segments at the same sample numbers, cut at gaps as a rewindow that emits short
 * windows does; and the scalars have no other use.
 */
public final class WindowOfDewindow implements Rule {
    @Override
    public String law() {
        return "window(n, dewindow(s)) = rewindow(n, 0, s)";
    }

    @Override
    public Node rewrite(Node node, Plan plan, Map<Node, Integer> uses) {
        if (node.op() instanceof Op.Window window && node.input().op() instanceof Op.Dewindow
                && Rule.usedOnce(node.input(), uses)) {
            return plan.node(new Op.Rewindow(window.n(), 0, true), node.input().input());
        }
        return null;
    }
}
