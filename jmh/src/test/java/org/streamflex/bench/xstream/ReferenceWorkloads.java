package org.streamflex.bench.xstream;

import static org.streamflex.bench.xstream.XStreamWorkloads.ALPHA;
import static org.streamflex.bench.xstream.XStreamWorkloads.BETA;
import static org.streamflex.bench.xstream.XStreamWorkloads.GAMMA;
import static org.streamflex.bench.xstream.XStreamWorkloads.SILENCE_WINDOW;
import static org.streamflex.bench.xstream.XStreamWorkloads.STAT_WINDOW;

import java.util.ArrayList;
import java.util.List;
import org.streamflex.bench.xstream.XStreamWorkloads.DetectAudio;
import org.streamflex.bench.xstream.XStreamWorkloads.Workload;
import org.streamflex.dsp.spectrum.RealFft;

/**
 * The workloads' definitions read literally, over the input stream written out in full: slow,
 * obviously right, and written apart from every version, so a version that agrees with the others
 * but not with this is wrong too.
 */
final class ReferenceWorkloads {
    private ReferenceWorkloads() {
    }

    static Checksum checksum(Workload workload, float[] recording, int replays) {
        float[] stream = new float[replays * recording.length];
        for (int n = 0; n < stream.length; n++) {
            stream[n] = recording[n % recording.length];
        }
        return switch (workload) {
            case PASSCHAIN -> sum(stream, List.of(new long[] {0, stream.length}));
            case STATFILTER -> statFilter(stream);
            case SILENCEFILTER -> sum(stream, voicedRanges(stream));
            case DETECTAUDIO -> throw new IllegalArgumentException("DETECTAUDIO reads the four channels: detectAudio");
        };
    }

    /**
     * DETECTAUDIO read literally: the four channels written out in full; each window of channel 1
     * through the library's {@code RealFft} (the FFT the definition names), its score written out
     * here, and the CFAR as the definition states it, coded here and not with the library's kernel,
     * so that the kernel is checked against the text.
     */
    static Checksum detectAudio(float[][] channels, int replays) {
        int n = channels[0].length;
        float[][] stream = new float[channels.length][replays * n];
        for (int c = 0; c < channels.length; c++) {
            for (int i = 0; i < stream[c].length; i++) {
                stream[c][i] = channels[c][i % n];
            }
        }
        RealFft fft = new RealFft(DetectAudio.FFT_POINTS);
        float[] bins = new float[DetectAudio.FFT_POINTS + 2];
        int windows = stream[0].length / DetectAudio.WINDOW;
        double mu = 0;
        double m2 = 0;
        double var = 0;
        boolean inDetection = false;
        int first = 0;
        int last = 0;
        int quiet = 0;
        long detections = 0;
        double sum = 0;
        for (int w = 0; w < windows; w++) {
            fft.forward(stream[0], w * DetectAudio.WINDOW, bins, 0);
            double score = 0;
            for (int k = 0; k <= DetectAudio.FFT_POINTS / 2; k++) {
                double re = bins[2 * k];
                double im = bins[2 * k + 1];
                score += (float) DetectAudio.scoreWeight(k) * Math.sqrt(re * re + im * im);
            }
            float x = (float) score;
            if (w < DetectAudio.CFAR_WARMUP) {
                double d = x - mu;
                mu += d / (w + 1);
                m2 += d * (x - mu);
                if (w == DetectAudio.CFAR_WARMUP - 1) {
                    var = m2 / DetectAudio.CFAR_WARMUP;
                }
                continue;
            }
            boolean triggers = x > mu + DetectAudio.CFAR_BETA * Math.sqrt(var);
            if (inDetection) {
                if (triggers) {
                    last = w;
                    quiet = 0;
                } else if (++quiet == DetectAudio.CFAR_HOLD) {
                    inDetection = false;
                    long from = (long) first * DetectAudio.WINDOW - DetectAudio.PAD_SAMPLES;
                    long to = (long) (last + 1) * DetectAudio.WINDOW + DetectAudio.PAD_SAMPLES;
                    if (to <= stream[0].length) {
                        detections++;
                        for (float[] channel : stream) {
                            for (long i = from; i < to; i++) {
                                sum += channel[(int) i];
                            }
                        }
                    }
                }
            } else if (triggers) {
                inDetection = true;
                first = w;
                last = w;
                quiet = 0;
            } else {
                double w1 = DetectAudio.CFAR_WEIGHT;
                double d = x - mu;
                mu += w1 * d;
                var = (1 - w1) * (var + d * (w1 * d));
            }
        }
        return new Checksum(detections, sum);
    }

    /**
     * {@code {mean, std}} of a window as the workloads define them: four lanes, sample {@code i}
     * of the window in lane {@code i mod 4}, combined as {@code (l0 + l1) + (l2 + l3)}; the
     * deviation from sums shifted by the window's first sample.
     */
    private static double[] meanAndStd(float[] stream, int start, int window) {
        double[] raw = new double[4];
        double[] shifted = new double[4];
        double[] squares = new double[4];
        double shift = stream[start];
        for (int i = 0; i < window; i++) {
            double x = stream[start + i];
            raw[i % 4] += x;
            shifted[i % 4] += x - shift;
            squares[i % 4] += (x - shift) * (x - shift);
        }
        double s = (shifted[0] + shifted[1]) + (shifted[2] + shifted[3]);
        double q = (squares[0] + squares[1]) + (squares[2] + squares[3]);
        double variance = Math.max(0, (q - s * s / window) / window);
        return new double[] {((raw[0] + raw[1]) + (raw[2] + raw[3])) / window, Math.sqrt(variance)};
    }

    private static Checksum statFilter(float[] stream) {
        long windows = 0;
        long firstSamples = 0;
        for (int w = 0; w < stream.length / STAT_WINDOW; w++) {
            double[] s = meanAndStd(stream, w * STAT_WINDOW, STAT_WINDOW);
            boolean deviates = s[1] > ALPHA;
            boolean low = s[0] < BETA;
            if (deviates && low) {
                windows++;
                firstSamples += (long) w * STAT_WINDOW;
            }
        }
        return new Checksum(windows, firstSamples);
    }

    /** Maximal runs of voiced windows, as [start, end) pairs. */
    static List<long[]> voicedRanges(float[] stream) {
        int windows = stream.length / SILENCE_WINDOW;
        boolean[] voiced = new boolean[windows + 1]; // one unvoiced window past the end closes the last run
        for (int w = 0; w < windows; w++) {
            voiced[w] = meanAndStd(stream, w * SILENCE_WINDOW, SILENCE_WINDOW)[1] > GAMMA;
        }
        List<long[]> ranges = new ArrayList<>();
        for (int w = 0; w < windows; w++) {
            if (voiced[w] && (w == 0 || !voiced[w - 1])) {
                int end = w;
                while (voiced[end]) {
                    end++;
                }
                ranges.add(new long[] {(long) w * SILENCE_WINDOW, (long) end * SILENCE_WINDOW});
            }
        }
        return ranges;
    }

    private static Checksum sum(float[] stream, List<long[]> ranges) {
        long count = 0;
        double sum = 0;
        for (long[] range : ranges) {
            for (long n = range[0]; n < range[1]; n++) {
                sum += stream[(int) n];
                count++;
            }
        }
        return new Checksum(count, sum);
    }
}
