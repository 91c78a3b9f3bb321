package org.streamflex.dsp.rewrite;

import java.util.Map;

/**
 * {@code ifft(fft(n, s)) = s}, the other half of fft/ifft cancellation. Side condition: every
 * window of {@code s} has exactly n samples, so the FFT pads nothing and the inverse gives the
 * window back, to rounding. The plan shows it only for a window of n scalars and for a rewindow of
 * size n (a rewindow that may emit a short window at a gap would come back padded, so the rule
 * does not apply to one); the spectra must have no other use.
 */
public final class IfftOfFft implements Rule {
    @Override
    public String law() {
        return "ifft(fft(n, s)) = s";
    }

    @Override
    public Node rewrite(Node node, Plan plan, Map<Node, Integer> uses) {
        if (node.op() instanceof Op.Ifft && node.input().op() instanceof Op.Fft fft
                && Rule.usedOnce(node.input(), uses) && alwaysExactly(node.input().input(), fft.n())) {
            return node.input().input();
        }
        return null;
    }

    /** Whether every segment {@code node} produces has exactly {@code n} samples, as far as the plan shows. */
    private static boolean alwaysExactly(Node node, int n) {
        return switch (node.op()) {
            case Op.Window w -> w.n() == n && node.input().op() instanceof Op.ScalarSource;
            case Op.Rewindow r -> r.size() == n && !r.emitShort();
            default -> false;
        };
    }
}
