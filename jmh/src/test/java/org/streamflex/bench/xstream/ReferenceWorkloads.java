package org.streamflex.bench.xstream;

import static org.streamflex.bench.xstream.XStreamWorkloads.ALPHA;
import static org.streamflex.bench.xstream.XStreamWorkloads.BETA;
import static org.streamflex.bench.xstream.XStreamWorkloads.GAMMA;
import static org.streamflex.bench.xstream.XStreamWorkloads.SILENCE_WINDOW;
import static org.streamflex.bench.xstream.XStreamWorkloads.STAT_WINDOW;

import java.util.ArrayList;
import java.util.List;
import org.streamflex.bench.xstream.XStreamWorkloads.Workload;

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
            case DETECTAUDIO -> throw new IllegalArgumentException("not defined in full yet");
        };
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
