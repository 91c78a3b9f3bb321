package org.streamflex.dsp.rewrite;

import java.util.Map;

/**
 * {@code rewindow(x, y, rewindow(a, b, s)) = rewindow(x, y, s)}. Side conditions: rewindow reads its
 * input as a time-indexed signal (samples it has seen are de-duplicated by time, gaps are kept:
 * ours does both), and the inner rewindow loses no sample: it emits its windows cut at gaps short
 * rather than dropping them. Without the second, the outer would miss the samples the inner
 * dropped before a gap. The inner's windows must have no other use.
 */
public final class NestedRewindow implements Rule {
    @Override
    public String law() {
        return "rewindow(x, y, rewindow(a, b, s)) = rewindow(x, y, s)";
    }

    @Override
    public Node rewrite(Node node, Plan plan, Map<Node, Integer> uses) {
        if (node.op() instanceof Op.Rewindow && node.input().op() instanceof Op.Rewindow inner && inner.emitShort()
                && Rule.usedOnce(node.input(), uses)) {
            return plan.node(node.op(), node.input().input());
        }
        return null;
    }
}
