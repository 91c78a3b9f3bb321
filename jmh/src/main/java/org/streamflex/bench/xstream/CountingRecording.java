package org.streamflex.bench.xstream;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Locale;
import java.util.zip.GZIPInputStream;
import javax.sound.sampled.AudioFormat;
import javax.sound.sampled.AudioInputStream;
import javax.sound.sampled.AudioSystem;
import javax.sound.sampled.UnsupportedAudioFileException;

/**
 * XStream's input: "a nine second long, 44.1 KHz sound file of a speaker counting from one to
 * five", as floats in [-1, 1). The file is {@value #RESOURCE} next to this class, a gzipped WAV of
 * 16-bit mono PCM made once with a speech synthesizer by {@code make-counting.sh} beside it:
 * 0.6 s of room noise, then "one" ... "five" with 1.2 s pauses, 396,900 samples in all.
 *
 * <pre>{@code
 * CountingRecording recording = CountingRecording.load();   // parse once, outside any timing
 * float[] samples = recording.samples();                     // a copy
 * }</pre>
 */
public final class CountingRecording {
    /** The resource, relative to this class's package. */
    public static final String RESOURCE = "counting.wav.gz";
    /** Samples per second. */
    public static final int SAMPLE_RATE = 44_100;
    /** Nine seconds of them. */
    public static final int SAMPLES = 9 * SAMPLE_RATE;

    private final float[] samples;

    private CountingRecording(float[] samples) {
        this.samples = samples;
    }

    /** Loads and checks the bundled recording. */
    public static CountingRecording load() {
        String name = CountingRecording.class.getPackageName().replace('.', '/') + "/" + RESOURCE;
        try (InputStream in = CountingRecording.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(name + " is not on the class path");
            }
            return read(name, new GZIPInputStream(in));
        } catch (IOException e) {
            throw new UncheckedIOException(name + ": " + e.getMessage(), e);
        }
    }

    /**
     * Reads a WAV stream that must hold 44.1 kHz mono 16-bit signed PCM of {@value #SAMPLES}
     * samples; {@code name} names it in the error otherwise.
     *
     * @throws IllegalStateException if the stream is audio of another format or length
     * @throws IOException if it cannot be read or is not audio that the JDK reads
     */
    static CountingRecording read(String name, InputStream wav) throws IOException {
        AudioInputStream audio;
        try {
            audio = AudioSystem.getAudioInputStream(new BufferedInputStream(wav));
        } catch (UnsupportedAudioFileException e) {
            throw new IOException(name + " is not a WAV file the JDK can read: " + e.getMessage(), e);
        }
        try (audio) {
            AudioFormat format = audio.getFormat();
            boolean expected = format.getEncoding().equals(AudioFormat.Encoding.PCM_SIGNED)
                    && format.getSampleRate() == SAMPLE_RATE && format.getChannels() == 1
                    && format.getSampleSizeInBits() == 16 && audio.getFrameLength() == SAMPLES;
            if (!expected) {
                throw new IllegalStateException(String.format(Locale.ROOT,
                        "%s must be 44.1 kHz mono 16-bit signed PCM of %,d samples, but it is %s, %,d frames",
                        name, SAMPLES, format, audio.getFrameLength()));
            }
            byte[] bytes = audio.readAllBytes();
            if (bytes.length != 2 * SAMPLES) {
                throw new IllegalStateException(String.format(Locale.ROOT,
                        "%s declares %,d samples but holds %,d bytes of them", name, SAMPLES, bytes.length));
            }
            float[] samples = new float[SAMPLES];
            boolean bigEndian = format.isBigEndian();
            for (int i = 0; i < SAMPLES; i++) {
                int hi = bytes[2 * i + (bigEndian ? 0 : 1)];
                int lo = bytes[2 * i + (bigEndian ? 1 : 0)] & 0xff;
                samples[i] = (short) (hi << 8 | lo) / 32768f; // exact: a 16-bit value over a power of two
            }
            return new CountingRecording(samples);
        }
    }

    /** Sample {@code i}, {@code 0 <= i < SAMPLES}. */
    public float sample(int i) {
        return samples[i];
    }

    /** A copy of the samples. */
    public float[] samples() {
        return samples.clone();
    }

    /** The samples themselves, for the versions in this package, which only read them. */
    float[] array() {
        return samples;
    }
}
