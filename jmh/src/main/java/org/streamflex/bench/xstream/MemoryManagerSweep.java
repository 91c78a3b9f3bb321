package org.streamflex.bench.xstream;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import org.streamflex.bench.xstream.XStreamWorkloads.DetectAudio;
import org.streamflex.dsp.FloatSeg;
import org.streamflex.dsp.detect.Cfar;

/**
 * XStream's memory-manager comparison (section III-B2, figure 6) in the setting of its {@code sync}:
 * DETECTAUDIO's four channels arrive in batches of a fixed size per channel; each channel's batches
 * are appended to what it holds until a detection's range is complete, the range is cut out and
 * read (its samples summed), and what no detection will ask for is released. Two ways to hold the
 * data:
 *
 * <ul>
 *   <li><b>lazy</b> (XStream's RefCount-Lazy, the DSP library's segments): an append makes a header
 *       over the pieces of both segments, a cut or a release a header over part of them; no sample
 *       is copied;
 *   <li><b>copy</b> (XStream's RefCount-Copy, like CopyAlways on append): the held data is one
 *       contiguous buffer, and each append copies what is held and the new batch into a fresh
 *       contiguous buffer (two off-heap buffers per channel, used in turn, kept from run to run and
 *       grown when too small, so that allocating them is not what is measured); a cut reads the
 *       buffer in place and a release only moves the start.
 * </ul>
 *
 * <p>Both get each batch as a segment the source filled (one acquisition copy each) and read the
 * same ranges; they return the same checksum. The ranges are DETECTAUDIO's detections, found once,
 * before anything is timed, by its detection kernels; data before the next detection's start is
 * released after each batch, as the detector's releases let a sync do.
 *
 * <pre>{@code
 * MemoryManagerSweep sweep = MemoryManagerSweep.of(input.detectAudio(), 4);
 * Checksum lazy = sweep.lazy(16_384);   // batches of 64 KB per channel
 * Checksum copy = sweep.copy(16_384);   // the same checksum, by copying appends
 * }</pre>
 */
final class MemoryManagerSweep {
    private static final ValueLayout.OfFloat FLOAT = ValueLayout.JAVA_FLOAT_UNALIGNED;

    private final float[][] channels;
    private final long length;
    /** The detections' ranges, {@code [from, to)} pairs in stream order. */
    private final long[] ranges;
    /** The copy variant's buffers, two per channel, kept from run to run so that allocating them is not measured. */
    private final MemorySegment[] current;
    private final MemorySegment[] spare;

    private MemoryManagerSweep(float[][] channels, long length, long[] ranges) {
        this.channels = channels;
        this.length = length;
        this.ranges = ranges;
        this.current = new MemorySegment[channels.length];
        this.spare = new MemorySegment[channels.length];
    }

    /**
     * The replays a sweep point needs so that a run appends at least {@code batches} batches of
     * {@code batchSamples} per channel, and at least {@code minimum}.
     */
    static int replaysFor(int batchSamples, int batches, int minimum) {
        long samples = (long) batches * batchSamples;
        return (int) Math.max(minimum, (samples + DetectAudioInput.SAMPLES - 1) / DetectAudioInput.SAMPLES);
    }

    /** The sweep's input: {@code replays} replays of DETECTAUDIO's channels, and their detections. */
    static MemoryManagerSweep of(DetectAudioInput input, int replays) {
        float[][] channels = input.arrays();
        int n = channels[0].length;
        long length = (long) replays * n;
        DetectAudioKernels detector = new DetectAudioKernels();
        List<Long> found = new ArrayList<>();
        for (long start = 0; start + DetectAudio.WINDOW <= length; start += DetectAudio.WINDOW) {
            if (detector.feed(channels[0], (int) (start % n)) == Cfar.END && detector.rangeEnd() <= length) {
                found.add(detector.rangeStart());
                found.add(detector.rangeEnd());
            }
        }
        long[] ranges = new long[found.size()];
        for (int i = 0; i < ranges.length; i++) {
            ranges[i] = found.get(i);
        }
        return new MemoryManagerSweep(channels, length, ranges);
    }

    /** Samples per run, over the four channels. */
    long samples() {
        return channels.length * length;
    }

    /** Samples per channel inside the detections' ranges. */
    long samplesInRanges() {
        long sum = 0;
        for (int i = 0; i < ranges.length; i += 2) {
            sum += ranges[i + 1] - ranges[i];
        }
        return sum;
    }

    /** Detections per run. */
    int detections() {
        return ranges.length / 2;
    }

    /** The batch of {@code n} samples of channel {@code c} from sample {@code start}, as a source makes it. */
    private FloatSeg batch(int c, long start, int n) {
        float[] x = channels[c];
        FloatSeg s = FloatSeg.make(Mics.clock(c), start, n);
        int done = 0;
        int at = (int) (start % x.length);
        while (done < n) {
            int run = Math.min(n - done, x.length - at);
            s.set(done, x, at, run);
            done += run;
            at = at + run == x.length ? 0 : at + run;
        }
        return s;
    }

    /** The run with segments holding the data by reference. */
    Checksum lazy(int batchSamples) {
        int channelCount = channels.length;
        FloatSeg[] held = new FloatSeg[channelCount];
        int next = 0;
        long detections = 0;
        double sum = 0;
        for (long start = 0; start < length; start += batchSamples) {
            int n = (int) Math.min(batchSamples, length - start);
            long received = start + n;
            for (int c = 0; c < channelCount; c++) {
                FloatSeg b = batch(c, start, n);
                if (held[c] == null) {
                    held[c] = b;
                } else {
                    FloatSeg joined = held[c].append(b);
                    held[c].release();
                    b.release();
                    held[c] = joined;
                }
            }
            while (next < ranges.length && ranges[next + 1] <= received) {
                for (int c = 0; c < channelCount; c++) {
                    FloatSeg range = held[c].between(ranges[next], ranges[next + 1]);
                    sum = SegFilters.addSamples(range, sum);
                    range.release();
                }
                detections++;
                next += 2;
            }
            long keepFrom = next < ranges.length ? Math.min(ranges[next], received) : received;
            for (int c = 0; c < channelCount; c++) {
                if (keepFrom > held[c].start()) {
                    FloatSeg rest = held[c].between(keepFrom, received);
                    held[c].release();
                    held[c] = rest;
                }
            }
        }
        for (FloatSeg s : held) {
            if (s != null) {
                s.release();
            }
        }
        return new Checksum(detections, sum);
    }

    /**
     * The run with each channel's data in one contiguous buffer, copied whole at every append into
     * the channel's other buffer. The buffers are kept from run to run and grown (doubled) when too
     * small, so that a measured run copies but does not allocate.
     */
    Checksum copy(int batchSamples) {
        int channelCount = channels.length;
        long[] first = new long[channelCount]; // the sample number at offset 0 of current
        long floor = 0; // data before it is released
        int next = 0;
        long detections = 0;
        double sum = 0;
        for (long start = 0; start < length; start += batchSamples) {
            int n = (int) Math.min(batchSamples, length - start);
            long received = start + n;
            for (int c = 0; c < channelCount; c++) {
                FloatSeg b = batch(c, start, n);
                long live = start - floor;
                long bytes = 4 * (live + n);
                if (spare[c] == null || spare[c].byteSize() < bytes) {
                    long size = Math.max(bytes, spare[c] == null ? 0 : 2 * spare[c].byteSize());
                    spare[c] = Arena.ofAuto().allocate(size, 64);
                }
                if (live > 0) {
                    MemorySegment.copy(current[c], 4 * (floor - first[c]), spare[c], 0, 4 * live);
                }
                b.copyTo(0, spare[c], 4 * live, n);
                b.release();
                MemorySegment swap = current[c];
                current[c] = spare[c];
                spare[c] = swap;
                first[c] = floor;
            }
            while (next < ranges.length && ranges[next + 1] <= received) {
                for (int c = 0; c < channelCount; c++) {
                    MemorySegment m = current[c];
                    for (long i = ranges[next] - first[c], end = ranges[next + 1] - first[c]; i < end; i++) {
                        sum += m.get(FLOAT, 4 * i);
                    }
                }
                detections++;
                next += 2;
            }
            floor = Math.max(floor, next < ranges.length ? Math.min(ranges[next], received) : received);
        }
        return new Checksum(detections, sum);
    }

    /**
     * The most bytes held at once over the four channels with batches of {@code batchSamples}: the
     * live data right after an append, which the copy variant copies whole.
     */
    long peakHeldBytes(int batchSamples) {
        long peak = 0;
        long floor = 0;
        int next = 0;
        for (long start = 0; start < length; start += batchSamples) {
            int n = (int) Math.min(batchSamples, length - start);
            long received = start + n;
            peak = Math.max(peak, received - floor);
            while (next < ranges.length && ranges[next + 1] <= received) {
                next += 2;
            }
            floor = Math.max(floor, next < ranges.length ? Math.min(ranges[next], received) : received);
        }
        return 4L * channels.length * peak;
    }
}
