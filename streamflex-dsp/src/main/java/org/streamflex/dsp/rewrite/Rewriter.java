package org.streamflex.dsp.rewrite;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Applies rules to a plan until none applies, as WaveScript does (section 5.3): from the outputs
 * towards the sources, left to right, the first rule that matches at a node rewrites it, and the
 * walk starts again on the rewritten plan. Every rule but the enabling one removes nodes, and the
 * enabling one moves maps towards the sources, so the walk ends; a bound on the rounds guards
 * against a rule that would not.
 *
 * <pre>{@code
 * List<Rewrite> done = new Rewriter(Rewriter.WAVESCRIPT).rewrite(plan);
 * done.forEach(r -> log.log(INFO, r));
 * }</pre>
 */
public final class Rewriter {
    /** WaveScript's rules of section 5.2, in the paper's order. */
    public static final List<Rule> WAVESCRIPT = List.of(new DewindowOfWindow(), new WindowOfDewindow(),
            new NestedRewindow(), new RewindowOfWindow(), new MapOverMerge(), new FftOfIfft(), new IfftOfFft());

    /**
     * Fusions of library operators ({@link BandScoreOfWindows}, then {@link CfarOfBandScore} over its
     * result): a {@code SignalGraph} applies them after {@link #WAVESCRIPT} has settled, so that they
     * see the chains the algebraic rules left.
     */
    public static final List<Rule> FUSIONS = List.of(new BandScoreOfWindows(), new CfarOfBandScore());

    private static final int MAX_ROUNDS = 10_000;

    private final List<Rule> rules;

    /** A rewriter applying {@code rules}, tried in this order at each node. */
    public Rewriter(List<Rule> rules) {
        this.rules = List.copyOf(rules);
    }

    /**
     * Rewrites {@code plan} until no rule applies.
     *
     * @return what was rewritten, in order
     */
    public List<Rewrite> rewrite(Plan plan) {
        List<Rewrite> done = new ArrayList<>();
        for (int round = 0; round < MAX_ROUNDS; round++) {
            Rewrite step = step(plan);
            if (step == null) {
                return done;
            }
            done.add(step);
        }
        throw new IllegalStateException("rewriting did not settle after " + MAX_ROUNDS + " rewrites; the last: "
                + done.getLast() + ". Switch rewrites off (-Dstreamflex.dsp.rewrites=false) and report the graph");
    }

    /** One rewrite at the first node, outputs first, where a rule applies; null if none does. */
    private Rewrite step(Plan plan) {
        Map<Node, Integer> uses = plan.uses();
        for (Node node : plan.nodes()) {
            for (Rule rule : rules) {
                Node replacement = rule.rewrite(node, plan, uses);
                if (replacement != null) {
                    String before = node.expression();
                    plan.replace(node, replacement);
                    return new Rewrite(rule.law(), before, replacement.expression());
                }
            }
        }
        return null;
    }
}
