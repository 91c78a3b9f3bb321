package org.streamflex.dsp.rewrite;

import java.util.Map;

/**
 * {@code rewindow(n, 0, window(m, s)) = window(n, s)}: windows of m re-cut into n without overlap
 * are windows of n. Side conditions: the rewindow cuts at gaps as the window does (it emits short
 * windows), and the window's segments have no other use.
 */
public final class RewindowOfWindow implements Rule {
    @Override
    public String law() {
        return "rewindow(n, 0, window(m, s)) = window(n, s)";
    }

    @Override
    public Node rewrite(Node node, Plan plan, Map<Node, Integer> uses) {
        if (node.op() instanceof Op.Rewindow r && r.overlap() == 0 && r.emitShort()
                && node.input().op() instanceof Op.Window && Rule.usedOnce(node.input(), uses)) {
            return plan.node(new Op.Window(r.size()), node.input().input());
        }
        return null;
    }
}
