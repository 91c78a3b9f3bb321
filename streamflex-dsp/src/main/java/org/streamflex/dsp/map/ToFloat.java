package org.streamflex.dsp.map;

import org.streamflex.Filter;
import org.streamflex.SharedChannel;
import org.streamflex.dsp.FloatSeg;
import org.streamflex.dsp.ShortSeg;

/**
 * PCM16 audio to float samples in {@code [-1, 1)}: each sample {@code s} becomes
 * {@code s / 32768f}, exactly (a 16-bit integer times a power of two is a float). The output has the
 * input's timebase, start and length.
 *
 * <pre>{@code
 * ToFloat pcm = makeFilter(ToFloat.class);
 * connect(microphone, "out", pcm, "in", 16);          // SharedChannel<ShortSeg>
 * connect(pcm, "out", bandpass, "in", 16);            // SharedChannel<FloatSeg>
 * }</pre>
 *
 * <p>Samples are converted in chunks of 256 through two arrays of the filter's; nothing is
 * allocated per segment.
 */
public final class ToFloat extends Filter {
    private static final int CHUNK = 256;
    private static final float SCALE = 1f / 32768;

    private SharedChannel<ShortSeg> in;
    private SharedChannel<FloatSeg> out;
    private final short[] pcm = new short[CHUNK];
    private final float[] samples = new float[CHUNK];

    @Override
    public void work() {
        ShortSeg segment = in.take();
        int length = segment.length();
        FloatSeg converted = FloatSeg.make(segment.timebase(), segment.start(), length);
        for (int at = 0; at < length; at += CHUNK) {
            int count = Math.min(CHUNK, length - at);
            segment.copyTo(at, pcm, 0, count);
            for (int i = 0; i < count; i++) {
                samples[i] = pcm[i] * SCALE;
            }
            converted.set(at, samples, 0, count);
        }
        out.put(converted);
    }
}
