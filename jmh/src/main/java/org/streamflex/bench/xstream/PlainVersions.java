package org.streamflex.bench.xstream;

import static org.streamflex.bench.xstream.XStreamWorkloads.ALPHA;
import static org.streamflex.bench.xstream.XStreamWorkloads.BETA;
import static org.streamflex.bench.xstream.XStreamWorkloads.GAMMA;
import static org.streamflex.bench.xstream.XStreamWorkloads.SILENCE_WINDOW;
import static org.streamflex.bench.xstream.XStreamWorkloads.STAT_WINDOW;

import java.util.List;
import org.streamflex.bench.xstream.XStreamWorkloads.DetectAudio;
import org.streamflex.bench.xstream.XStreamWorkloads.Workload;
import org.streamflex.dsp.detect.Cfar;

/**
 * The workloads as hand-written loops over the recording's float array, on one thread, with no
 * framework: the floor every other version is measured against, and the baseline the signal-segment
 * versions of STATFILTER and SILENCEFILTER must stay within 1.25x of. Each is the tightest honest
 * loop for the arithmetic the workload defines: windows are summed straight out of the array
 * (wrapping at the end of a replay), and a sum of sample values is one double carried in stream
 * order, as the checksum requires. Batches do not exist here: the whole input is in memory.
 *
 * <pre>{@code
 * Checksum c = PlainVersions.statFilter(CountingRecording.load().samples(), 2);
 * }</pre>
 */
public final class PlainVersions {
    private PlainVersions() {
    }

    /** The four versions, for {@link XStreamVersions}. */
    static List<Version> versions() {
        return List.of(
                version(Workload.PASSCHAIN, PlainVersions::passChain),
                version(Workload.STATFILTER, PlainVersions::statFilter),
                version(Workload.SILENCEFILTER, PlainVersions::silenceFilter),
                inputVersion(Workload.DETECTAUDIO, (input, replays) -> detectAudio(input.detectAudio().arrays(),
                        replays)));
    }

    /**
     * PASSCHAIN: ten operators that pass every sample on are ten assignments the JIT removes, so
     * what is left is the sink's count and sum.
     */
    public static Checksum passChain(float[] x, int replays) {
        double sum = 0;
        for (int r = 0; r < replays; r++) {
            for (float v : x) {
                sum += v;
            }
        }
        return new Checksum((long) replays * x.length, sum);
    }

    /**
     * STATFILTER: the deviation of each window straight from the array, then, for the windows
     * above alpha only, the mean (a second pass over a window still in cache), as the two filters
     * do; a window that runs across the end of a replay is first copied out whole.
     */
    public static Checksum statFilter(float[] x, int replays) {
        long total = (long) replays * x.length;
        float[] wrapped = new float[STAT_WINDOW];
        long windows = 0;
        long firstSamples = 0;
        int position = 0; // index in x of the window's first sample
        for (long start = 0; start + STAT_WINDOW <= total; start += STAT_WINDOW) {
            float[] w = x;
            int at = position;
            if (position + STAT_WINDOW > x.length) {
                position = wrap(x, position, wrapped);
                w = wrapped;
                at = 0;
            } else {
                position = position + STAT_WINDOW == x.length ? 0 : position + STAT_WINDOW;
            }
            if (WindowStats.std(w, at, STAT_WINDOW) > ALPHA && WindowStats.mean(w, at, STAT_WINDOW) < BETA) {
                windows++;
                firstSamples += start;
            }
        }
        return new Checksum(windows, firstSamples);
    }

    /**
     * SILENCEFILTER: the detector's pass over each window, and when a voiced run ends, a second pass
     * over the run's samples (still in cache) for the filter's output.
     */
    public static Checksum silenceFilter(float[] x, int replays) {
        long total = (long) replays * x.length;
        long lastEnd = total / SILENCE_WINDOW * SILENCE_WINDOW;
        float[] wrapped = new float[SILENCE_WINDOW];
        long out = 0;
        double sum = 0;
        long runStart = -1;
        int position = 0;
        for (long start = 0; start < lastEnd; start += SILENCE_WINDOW) {
            float[] w = x;
            int at = position;
            if (position + SILENCE_WINDOW > x.length) {
                position = wrap(x, position, wrapped);
                w = wrapped;
                at = 0;
            } else {
                position = position + SILENCE_WINDOW == x.length ? 0 : position + SILENCE_WINDOW;
            }
            if (WindowStats.std(w, at, SILENCE_WINDOW) > GAMMA) {
                if (runStart < 0) {
                    runStart = start;
                }
            } else if (runStart >= 0) {
                sum = addRange(x, runStart, start, sum);
                out += start - runStart;
                runStart = -1;
            }
        }
        if (runStart >= 0) {
            sum = addRange(x, runStart, lastEnd, sum);
            out += lastEnd - runStart;
        }
        return new Checksum(out, sum);
    }

    /**
     * Copies the window starting at {@code position} that runs across the end of the recording into
     * {@code window}, continuing from the recording's start, and returns the position after it.
     */
    private static int wrap(float[] x, int position, float[] window) {
        int head = x.length - position;
        System.arraycopy(x, position, window, 0, head);
        System.arraycopy(x, 0, window, head, window.length - head);
        return window.length - head;
    }

    /** {@code sum} plus the samples numbered {@code [start, end)}, in order. */
    private static double addRange(float[] x, long start, long end, double sum) {
        double s = sum;
        int position = (int) (start % x.length);
        long left = end - start;
        while (left > 0) {
            int stop = (int) Math.min(x.length, position + left);
            for (int i = position; i < stop; i++) {
                s += x[i];
            }
            left -= stop - position;
            position = stop == x.length ? 0 : stop;
        }
        return s;
    }

    /**
     * DETECTAUDIO with the DSP library's kernels on arrays: each window of channel 1 through
     * {@code RealFft}, {@code BinMagnitudes.weightedSumOfMagnitudes} and a {@code Cfar}; when a
     * detection ends, the samples of its range on the four channels are summed at once, straight
     * from the arrays (the padding after it is already in memory).
     */
    public static Checksum detectAudio(float[][] channels, int replays) {
        int n = channels[0].length;
        long total = (long) replays * n;
        DetectAudioKernels detector = new DetectAudioKernels();
        long detections = 0;
        double sum = 0;
        for (long start = 0; start + DetectAudio.WINDOW <= total; start += DetectAudio.WINDOW) {
            if (detector.feed(channels[0], (int) (start % n)) != Cfar.END) {
                continue;
            }
            long from = detector.rangeStart();
            long to = detector.rangeEnd();
            if (to > total) {
                continue; // reaches past the end of the stream: never emitted
            }
            detections++;
            for (float[] channel : channels) {
                sum = addRange(channel, from, to, sum);
            }
        }
        return new Checksum(detections, sum);
    }

    /** A workload's loop over the array. */
    private interface Loop {
        Checksum run(float[] x, int replays);
    }

    private static Version version(Workload workload, Loop loop) {
        return inputVersion(workload, (input, replays) -> loop.run(input.recording().array(), replays));
    }

    /** A workload's loop over the input. */
    private interface Runner {
        Checksum run(XStreamInput input, int replays);
    }

    private static Version inputVersion(Workload workload, Runner runner) {
        return new Version() {
            @Override
            public Workload workload() {
                return workload;
            }

            @Override
            public String name() {
                return PLAIN;
            }

            @Override
            public Checksum run(XStreamInput input, int replays) {
                return runner.run(input, replays);
            }
        };
    }
}
