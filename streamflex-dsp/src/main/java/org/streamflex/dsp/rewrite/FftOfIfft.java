package org.streamflex.dsp.rewrite;

import java.util.Map;

/**
 * {@code fft(n, ifft(S)) = S}, one half of WaveScript's "Fourier transforms and inverse Fourier
 * transforms cancel one another". Side condition the paper leaves unstated: the spectra were made
 * by an {@code fft(n)} of the same size (through any number of masks, which keep the size), so the
 * inverse makes windows of n samples and the forward transform of those is the spectrum again, to
 * rounding. The inverse's windows must have no other use. This is what a bandpass (fft, mask,
 * ifft) followed by {@code toFreq} (fft) becomes in the marmot detector.
 */
public final class FftOfIfft implements Rule {
    @Override
    public String law() {
        return "fft(n, ifft(S)) = S";
    }

    @Override
    public Node rewrite(Node node, Plan plan, Map<Node, Integer> uses) {
        if (node.op() instanceof Op.Fft fft && node.input().op() instanceof Op.Ifft
                && Rule.usedOnce(node.input(), uses) && fftSizeOf(node.input().input()) == fft.n()) {
            return node.input().input();
        }
        return null;
    }

    /** The FFT size of the spectra a node produces, if the plan shows it; else -1. */
    public static int fftSizeOf(Node node) {
        return switch (node.op()) {
            case Op.Fft f -> f.n();
            case Op.BandMask m -> fftSizeOf(node.input());
            default -> -1;
        };
    }
}
