package org.streamflex.dsp.rewrite;

import java.util.Map;

/**
 * {@code binScore(mask(lo, hi)(fft(n)(rewindow(n, v, s)))) = bandScore(n, v, lo, hi, s)}, and without
 * the mask {@code bandScore(n, v, 0, inf, s)}: a chain of four operators, each firing once per
 * window, becomes one that scores a whole input segment's windows in one firing
 * ({@code spectrum.BandScore}). Not one of WaveScript's rules: a fusion of library operators whose
 * composition the library knows, applied after the others (it only matches once the bandpass's
 * inverse FFT and the next FFT have cancelled).
 *
 * <p>Side conditions: the score is unweighted (every bin counts 1; a mask is a 0/1 weighting the
 * fused operator applies by skipping bins, which adds exactly 0); the FFT's size is the rewindow's
 * window size, so every window is transformed whole or zero-padded as {@code BandScore} does; the
 * rewindow, the FFT and the mask have no other use (nothing else sees the windows or spectra that
 * are no longer made). Both sides then give the same scores bit for bit, with the same times and
 * the same events counted ({@code BandScoreTest}).
 */
public final class BandScoreOfWindows implements Rule {
    @Override
    public String law() {
        return "score(mask(lo, hi)(fft(n)(rewindow(n, v)(s)))) = bandScore(n, v, lo, hi)(s)";
    }

    @Override
    public Node rewrite(Node node, Plan plan, Map<Node, Integer> uses) {
        if (!(node.op() instanceof Op.BinScore score) || !score.unweighted()) {
            return null;
        }
        Node spectra = node.input();
        double low = 0;
        double high = Double.POSITIVE_INFINITY;
        if (spectra.op() instanceof Op.BandMask mask) {
            if (!Rule.usedOnce(spectra, uses)) {
                return null;
            }
            low = mask.lowHz();
            high = mask.highHz();
            spectra = spectra.input();
        }
        if (spectra.op() instanceof Op.Fft fft && Rule.usedOnce(spectra, uses)
                && spectra.input().op() instanceof Op.Rewindow windows && windows.size() == fft.n()
                && Rule.usedOnce(spectra.input(), uses)) {
            return plan.node(new Op.BandScore(fft.n(), windows.overlap(), windows.emitShort(), low, high),
                    spectra.input().input());
        }
        return null;
    }
}
