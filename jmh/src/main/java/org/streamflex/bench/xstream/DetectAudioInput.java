package org.streamflex.bench.xstream;

import java.util.Random;
import org.streamflex.bench.xstream.XStreamWorkloads.DetectAudio;

/**
 * DETECTAUDIO's input: XStream's "four independent audio channels, receiving 16-bit audio data
 * from a microphone array at 48 KHz", made from the {@link CountingRecording} as if the speaker
 * were heard by four microphones at slightly different distances:
 *
 * <ol>
 *   <li>the recording resampled from 44.1 to 48 kHz by a band-limited {@link Resampler}: 432,000
 *       samples, 9 s;
 *   <li>channel {@code c} delayed by {@link DetectAudio#delay(int) delay(c)} samples (0, 7, 13, 22),
 *       silence before the sound arrives, the end cut so that every channel keeps 432,000 samples;
 *   <li>independent Gaussian noise of RMS {@value #NOISE_RMS} (about -66 dBFS) added to each channel,
 *       from {@code java.util.Random} seeded with {@value #SEED} plus the channel number (its
 *       algorithm is specified, so every JDK draws the same noise);
 *   <li>rounded to the 16-bit grid, as a converter delivers it, and kept as floats in [-1, 1).
 * </ol>
 *
 * <pre>{@code
 * DetectAudioInput array = DetectAudioInput.from(CountingRecording.load());
 * float s = array.sample(3, 1000);   // channel 4, sample 1000: the recording's sample 978 at 48 kHz, plus noise
 * }</pre>
 */
public final class DetectAudioInput {
    /** Samples per channel: the recording's nine seconds at 48 kHz. */
    public static final int SAMPLES = 9 * DetectAudio.SAMPLE_RATE;
    /** RMS of each channel's own noise. */
    public static final double NOISE_RMS = 0.0005;
    /** The noise of channel {@code c} is drawn from {@code new Random(SEED + c)}. */
    public static final long SEED = 20_080_407L;

    private final float[][] channels;

    private DetectAudioInput(float[][] channels) {
        this.channels = channels;
    }

    /** The four channels made from the recording, as described above. */
    public static DetectAudioInput from(CountingRecording recording) {
        Resampler resampler = Resampler.of(CountingRecording.SAMPLE_RATE, DetectAudio.SAMPLE_RATE);
        float[] at48k = resampler.resample(recording.array());
        if (at48k.length != SAMPLES) {
            throw new IllegalStateException("resampled to " + at48k.length + " samples, not " + SAMPLES);
        }
        float[][] channels = new float[DetectAudio.CHANNELS][SAMPLES];
        for (int c = 0; c < channels.length; c++) {
            int delay = DetectAudio.delay(c);
            Random noise = new Random(SEED + c);
            for (int m = 0; m < SAMPLES; m++) {
                double v = (m >= delay ? at48k[m - delay] : 0) + NOISE_RMS * noise.nextGaussian();
                long q = Math.max(-32768, Math.min(32767, Math.round(v * 32768)));
                channels[c][m] = q / 32768f;
            }
        }
        return new DetectAudioInput(channels);
    }

    /** Sample {@code i} of channel {@code channel} (0 is the paper's channel 1). */
    public float sample(int channel, int i) {
        return channels[channel][i];
    }

    /** A copy of one channel. */
    public float[] channel(int channel) {
        return channels[channel].clone();
    }

    /** The channels themselves, for versions in this package, which only read them. */
    float[][] arrays() {
        return channels;
    }
}
