package org.streamflex.dsp.rewrite;

import java.util.Map;

/**
 * One of WaveScript's algebraic rewrite rules (section 5.2): a pattern rooted at a node, the side
 * conditions under which both sides compute the same output, and the replacement.
 */
public interface Rule {
    /** The rule as WaveScript writes it: {@code dewindow(window(n, s)) = s}. */
    String law();

    /**
     * The replacement for {@code node}, or null if the pattern does not match there or a side
     * condition fails.
     *
     * @param uses how many places use each node's output ({@link Plan#uses()})
     */
    Node rewrite(Node node, Plan plan, Map<Node, Integer> uses);

    /** Whether {@code node}'s output has exactly one use: folding it into that use changes nothing else. */
    static boolean usedOnce(Node node, Map<Node, Integer> uses) {
        return uses.getOrDefault(node, 0) == 1;
    }
}
