package org.streamflex.dsp.rewrite;

import java.util.Map;

/**
 * {@code dewindow(window(n, s)) = s}: cutting scalars into segments and back gives the scalars.
 * Side condition: the window's segments have no other use. Whatever the window would have timed
 * (from a scalar source's timebase, or from a dewindow's marks upstream) stays with {@code s}, so
 * a window further down times its samples as before.
 */
public final class DewindowOfWindow implements Rule {
    @Override
    public String law() {
        return "dewindow(window(n, s)) = s";
    }

    @Override
    public Node rewrite(Node node, Plan plan, Map<Node, Integer> uses) {
        if (node.op() instanceof Op.Dewindow && node.input().op() instanceof Op.Window
                && Rule.usedOnce(node.input(), uses)) {
            return node.input().input();
        }
        return null;
    }
}
