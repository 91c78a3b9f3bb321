package org.streamflex.dsp;

import org.streamflex.Filter;
import org.streamflex.TimeChannel;
import org.streamflex.dsp.detect.Cfar;
import org.streamflex.dsp.detect.CfarReport;
import org.streamflex.dsp.fir.FirDesign;
import org.streamflex.dsp.fir.FirFilter;
import org.streamflex.dsp.fir.OverlapSaveFir;
import org.streamflex.dsp.spectrum.BinMagnitudes;
import org.streamflex.dsp.spectrum.ComplexFft;
import org.streamflex.dsp.spectrum.RealFft;
import org.streamflex.dsp.spectrum.SpectralMask;
import org.streamflex.dsp.stats.Moments;
import org.streamflex.dsp.stats.RunningMoments;
import org.streamflex.dsp.wavelet.Haar;

/**
 * A filter whose {@code work()} runs every numeric kernel of the library once per release, on a
 * block of a synthetic signal (two tones, pseudo-random noise and, every 64th release, a loud
 * burst), with fixed power-of-two sizes. Its kernels sit in private final fields made by the field
 * initializers, as an operator's would. {@code KernelWorkbenchTest} runs it under the
 * {@code GraphDriver} and counts its heap bytes, and compiles it with the library's sources and
 * {@code -Xplugin:StreamFlex} so that the checker sees the kernels as filter code.
 */
public final class KernelWorkbench extends Filter {
    /** Samples per release. */
    public static final int BLOCK = 256;
    private static final double RATE = 8000;
    private static final int WINDOW = 32;

    private TimeChannel timer;

    private final RealFft realFft = new RealFft(BLOCK);
    private final ComplexFft complexFft = new ComplexFft(BLOCK);
    private final SpectralMask band = new SpectralMask(WINDOW, RATE, 1000, 2000);
    private final FirFilter smoother = new FirFilter(FirDesign.lowpass(31, 1000, RATE));
    private final OverlapSaveFir voice = new OverlapSaveFir(FirDesign.bandpass(127, 300, 3400, RATE));
    private final Haar haar = new Haar(BLOCK, 4);
    private final Cfar cfar = new Cfar(5, 200, 200, 2, 1e-3);
    private final Cfar subCfar = new Cfar(5, 200, 200, 2, 1e-3);
    private final CfarReport report = new CfarReport(8);
    private final RunningMoments level = new RunningMoments();

    private final float[] block = new float[BLOCK];
    private final float[] filtered = new float[BLOCK];
    private final float[] bins = new float[BLOCK + 2];
    private final float[] complex = new float[2 * BLOCK];
    private final float[] weights = new float[BLOCK / 2 + 1];
    private final float[] subScores = new float[4];
    private final double[] energies = new double[5];

    private long sample;
    private long noise = 0x5DEECE66DL;

    /** The releases run. */
    public int releases;
    /** Folds every kernel's output; equal for equal runs. */
    public double checksum;
    /** CFAR events started, by score and by block. */
    public int events;
    /** The mean of everything seen, from the running moments. */
    public double levelMean;
    /** The clock's time at the last release, in microseconds. */
    public long lastTime;

    /** Weights of the detection score: the bins of the band of interest. */
    public KernelWorkbench() {
        for (int k = 0; k < weights.length; k++) {
            weights[k] = k >= 16 && k <= 48 ? 1f : 0.1f;
        }
    }

    @Override
    public void work() {
        lastTime = timer.getTime();
        step();
    }

    /** One release's computation, callable outside a graph to compare with plain Java. */
    public void step() {
        boolean burst = releases % 64 == 63;
        for (int j = 0; j < BLOCK; j++) {
            double t = sample++ / RATE;
            noise = noise * 6364136223846793005L + 1442695040888963407L;
            double white = ((noise >>> 40) / (double) (1L << 24) - 0.5) * 0.2;
            block[j] = (float) (Math.sin(2 * Math.PI * 440 * t) + 0.5 * Math.sin(2 * Math.PI * 1500 * t) + white
                    + (burst ? 4 * Math.sin(2 * Math.PI * 1000 * t) : 0));
        }
        level.add(block, 0, BLOCK);
        levelMean = level.mean();
        double sum = Moments.mean(block, 0, BLOCK) + Moments.std(block, 0, BLOCK);

        smoother.filter(block, 0, filtered, 0, BLOCK);
        voice.filter(filtered, 0, filtered, 0, BLOCK);

        realFft.forward(block, 0, bins, 0);
        double psd = BinMagnitudes.sumOfMagnitudes(bins, 0, 1, realFft.bins() - 1);
        double score = BinMagnitudes.weightedSumOfMagnitudes(bins, 0, weights, 0, 0, weights.length);
        realFft.inverse(bins, 0, filtered, 0);

        for (int j = 0; j < BLOCK; j++) {
            complex[2 * j] = block[j];
            complex[2 * j + 1] = filtered[j];
        }
        complexFft.forward(complex, 0, complex, 0);
        complexFft.inverse(complex, 0, complex, 0);

        for (int w = 0; w < BLOCK; w += WINDOW) {
            band.apply(block, w, block, w);
        }
        haar.bandEnergies(block, 0, energies, 0);

        if (cfar.feed((float) score) == Cfar.START) {
            events++;
        }
        for (int i = 0; i < subScores.length; i++) {
            subScores[i] = (float) (energies[1 + i] + psd * 1e-3);
        }
        subCfar.feed(subScores, 0, subScores.length, report);
        for (int i = 0; i < report.count(); i++) {
            if (report.kind(i) == Cfar.START) {
                events++;
            }
        }

        checksum = checksum * 0.5 + sum + psd + score + energies[0] + complex[7] + filtered[BLOCK - 1]
                + block[BLOCK / 2];
        releases++;
    }
}
