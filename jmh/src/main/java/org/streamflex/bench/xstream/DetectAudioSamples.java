package org.streamflex.bench.xstream;

import org.streamflex.DuplicateSplitter;
import org.streamflex.Filter;
import org.streamflex.FloatChannel;
import org.streamflex.LongChannel;
import org.streamflex.StreamFlexGraph;
import org.streamflex.TimeChannel;
import org.streamflex.bench.xstream.SampleFilters.SumSink;
import org.streamflex.bench.xstream.XStreamWorkloads.DetectAudio;
import org.streamflex.dsp.detect.Cfar;

/**
 * DETECTAUDIO, one sample per item: a source puts each channel's samples on a float channel of
 * its own; channel 1 goes, through the runtime's {@link DuplicateSplitter}, to a {@link Detector}
 * (a window of 32 collected in an array, then the DSP kernels of {@link DetectAudioKernels}) and to
 * a {@link Join} with the other three; the detector sends the join each detection's range
 * {@code (start, end)} and, every 64 quiet windows, a release mark {@code (t, t)}; the join puts out
 * the samples of each range, channel by channel, for a summing sink.
 *
 * <pre>{@code
 * DetectAudioSamples graph = new DetectAudioSamples(input.detectAudio().arrays(), 4096, 432_000);
 * Checksum c = graph.driver().run();   // detections, sum of the samples emitted
 * }</pre>
 */
final class DetectAudioSamples extends StreamFlexGraph {
    /** Each channel's buffer in the join: 2.7 s at 48 kHz, three times the longest detection. */
    static final int DATA_BUFFER = 1 << 17;
    /** Quiet windows between two release marks, as the library's CfarDetector defaults to. */
    static final int RELEASE_EVERY = 64;

    private final Join join;
    private final SumSink sink;
    private final long releases;

    DetectAudioSamples(float[][] channels, int batch, long length) {
        ArraySource source = makeFilter(ArraySource.class, ArraySource.STABLE_BYTES, DEFAULT_TRANSIENT_BYTES);
        source.load(channels, batch, length);
        connect(makeClock(0), source);
        DuplicateSplitter split = makeFilter(DuplicateSplitter.class);
        Detector detector = makeFilter(Detector.class);
        join = makeFilter(Join.class);
        join.length = length;
        sink = makeFilter(SumSink.class);
        int data = DATA_BUFFER + 2 * batch;
        connect(source, "out0", split, batch);
        connect(split, detector, batch);
        connect(split, join, "data0", data);
        connect(source, "out1", join, "data1", data);
        connect(source, "out2", join, "data2", data);
        connect(source, "out3", join, "data3", data);
        // Per window at most one range or release mark, two longs.
        connect(detector, "ranges", join, "ranges", 2 * (batch / DetectAudio.WINDOW + 4));
        connect(join, "out", sink, "in", 4 * data);
        validate();
        releases = (length + batch - 1) / batch;
    }

    Version.Prepared driver() {
        return DrivenRun.of(this, releases, () -> new Checksum(join.detections, sink.sum()));
    }

    /** Puts the next {@code batch} samples of each channel on its own channel, one item per sample. */
    public static final class ArraySource extends Filter {
        /** The stable region: the four channels' copies and the filter. */
        static final int STABLE_BYTES = DetectAudio.CHANNELS * 4 * DetectAudioInput.SAMPLES + 64 * 1024;

        @SuppressWarnings("UnusedVariable") // the clock releases the filter through it
        private TimeChannel timer;
        private FloatChannel out0;
        private FloatChannel out1;
        private FloatChannel out2;
        private FloatChannel out3;
        private final float[] ch0 = new float[DetectAudioInput.SAMPLES];
        private final float[] ch1 = new float[DetectAudioInput.SAMPLES];
        private final float[] ch2 = new float[DetectAudioInput.SAMPLES];
        private final float[] ch3 = new float[DetectAudioInput.SAMPLES];
        private int batch = 1;
        private long remaining;
        private int position;

        /** Copies the channels, before the graph runs. */
        void load(float[][] channels, int samplesPerRelease, long length) {
            System.arraycopy(channels[0], 0, ch0, 0, ch0.length);
            System.arraycopy(channels[1], 0, ch1, 0, ch1.length);
            System.arraycopy(channels[2], 0, ch2, 0, ch2.length);
            System.arraycopy(channels[3], 0, ch3, 0, ch3.length);
            this.batch = samplesPerRelease;
            this.remaining = length;
        }

        @Override
        public void work() {
            int n = (int) Math.min(batch, remaining);
            for (int i = 0; i < n; i++) {
                out0.put(ch0[position]);
                out1.put(ch1[position]);
                out2.put(ch2[position]);
                out3.put(ch3[position]);
                position = position + 1 == ch0.length ? 0 : position + 1;
            }
            remaining -= n;
        }
    }

    /**
     * Collects channel 1 in windows of 32 and runs the detection kernels on each; sends each
     * detection's padded range when it ends, and a release mark after every 64 quiet windows.
     */
    public static final class Detector extends Filter {
        private FloatChannel in;
        private LongChannel ranges;
        private final float[] window = new float[DetectAudio.WINDOW];
        private final DetectAudioKernels kernels = new DetectAudioKernels();
        private int filled;
        private long windowStart;
        private int quiet;
        private long released = Long.MIN_VALUE;

        @Override
        public void work() {
            while (in.size() > 0) {
                window[filled++] = in.take();
                if (filled < DetectAudio.WINDOW) {
                    continue;
                }
                filled = 0;
                int what = kernels.feed(window, 0);
                if (what == Cfar.END) {
                    ranges.put(kernels.rangeStart());
                    ranges.put(kernels.rangeEnd());
                }
                if (what != Cfar.START && kernels.quiet() && ++quiet >= RELEASE_EVERY) {
                    quiet = 0;
                    long upTo = windowStart - DetectAudio.PAD_SAMPLES;
                    if (upTo > released) {
                        ranges.put(upTo);
                        ranges.put(upTo);
                        released = upTo;
                    }
                }
                if (what == Cfar.START) {
                    quiet = 0;
                }
                windowStart += DetectAudio.WINDOW;
            }
        }
    }

    /**
     * Joins the four channels with the ranges: for a range {@code (start, end)}, channel by channel,
     * drops the samples before {@code start} and puts those up to {@code end}; a mark {@code (t, t)}
     * drops the samples before {@code t} on every channel. A range whose samples have not all
     * arrived waits, half done, for the next release. A range reaching past the end of the stream is
     * skipped, as the definition says.
     */
    public static final class Join extends Filter {
        private FloatChannel data0;
        private FloatChannel data1;
        private FloatChannel data2;
        private FloatChannel data3;
        private LongChannel ranges;
        private FloatChannel out;
        private final long[] next = new long[DetectAudio.CHANNELS]; // the sample number at each head
        private long length;
        private long start;
        private long end;
        private int channel;
        private boolean pending;
        private long detections;

        @Override
        protected boolean trigger() {
            return ranges.size() >= 2 || (pending && data(channel).size() > 0);
        }

        @Override
        public void work() {
            for (;;) {
                if (!pending) {
                    if (ranges.size() < 2) {
                        return;
                    }
                    start = ranges.take();
                    end = ranges.take();
                    if (end > length) {
                        continue;
                    }
                    pending = true;
                    channel = 0;
                    if (start == end) {
                        dropBefore(start);
                        pending = false;
                        continue;
                    }
                }
                while (channel < DetectAudio.CHANNELS) {
                    FloatChannel in = data(channel);
                    while (next[channel] < start && in.size() > 0) {
                        in.take();
                        next[channel]++;
                    }
                    while (next[channel] < end && in.size() > 0) {
                        out.put(in.take());
                        next[channel]++;
                    }
                    if (next[channel] < end) {
                        return;
                    }
                    channel++;
                }
                pending = false;
                detections++;
            }
        }

        /** Drops what every channel holds before {@code sample}. */
        private void dropBefore(long sample) {
            for (int c = 0; c < DetectAudio.CHANNELS; c++) {
                FloatChannel in = data(c);
                while (next[c] < sample && in.size() > 0) {
                    in.take();
                    next[c]++;
                }
            }
        }

        private FloatChannel data(int c) {
            return switch (c) {
                case 0 -> data0;
                case 1 -> data1;
                case 2 -> data2;
                default -> data3;
            };
        }
    }
}
