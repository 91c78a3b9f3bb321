package org.streamflex.dsp.rewrite;

/**
 * One rewrite a {@link Rewriter} made: the law it applied, and the expressions before and after,
 * as the log line shows them.
 *
 * @param law the rule, as WaveScript writes it
 * @param before the expression rewritten
 * @param after what replaced it
 */
public record Rewrite(String law, String before, String after) {
    @Override
    public String toString() {
        return before + "  =>  " + after + "  (" + law + ")";
    }
}
