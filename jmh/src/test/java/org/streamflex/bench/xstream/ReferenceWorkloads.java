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

    private static double[] sums(float[] stream, int start, int window) {
        double sum = 0;
        double sumOfSquares = 0;
        for (int n = start; n < start + window; n++) {
            sum += stream[n];
            sumOfSquares += (double) stream[n] * stream[n];
        }
        return new double[] {sum, sumOfSquares};
    }

    private static Checksum statFilter(float[] stream) {
        long windows = 0;
        long firstSamples = 0;
        for (int w = 0; w < stream.length / STAT_WINDOW; w++) {
            double[] s = sums(stream, w * STAT_WINDOW, STAT_WINDOW);
            boolean deviates = WindowStats.std(s[0], s[1], STAT_WINDOW) > ALPHA;
            boolean low = WindowStats.mean(s[0], STAT_WINDOW) < BETA;
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
            double[] s = sums(stream, w * SILENCE_WINDOW, SILENCE_WINDOW);
            voiced[w] = WindowStats.std(s[0], s[1], SILENCE_WINDOW) > GAMMA;
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
