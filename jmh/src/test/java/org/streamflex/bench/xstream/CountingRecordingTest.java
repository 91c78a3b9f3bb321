package org.streamflex.bench.xstream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import javax.sound.sampled.AudioFileFormat;
import javax.sound.sampled.AudioFormat;
import javax.sound.sampled.AudioInputStream;
import javax.sound.sampled.AudioSystem;
import org.junit.jupiter.api.Test;

class CountingRecordingTest {
    static final CountingRecording RECORDING = CountingRecording.load();

    @Test
    void theRecordingIsNineSecondsOfSixteenBitSamplesInTheUnitRange() {
        float[] x = RECORDING.samples();
        assertEquals(396_900, x.length);
        double energy = 0;
        for (float v : x) {
            assertTrue(v >= -1 && v < 1, "sample " + v);
            assertEquals(v, Math.round(v * 32768) / 32768f, "a 16-bit value: " + v);
            energy += v * v;
        }
        assertTrue(energy > 0, "not silence throughout");
    }

    @Test
    void fiveSpokenNumbersAlternateWithSilenceThatBeginsAndEndsTheFile() {
        Selectivity one = Selectivity.of(RECORDING, 1);
        assertEquals(5, one.ranges(), "one voiced range per number");
        // Silence at both ends keeps a number of one replay from running into the next one's.
        assertEquals(10, Selectivity.of(RECORDING, 2).ranges());
        assertTrue(one.voicedSamples() > 396_900 / 5 && one.voicedSamples() < 396_900 / 2, one.toString());
    }

    @Test
    void aRecordingOfAnotherRateIsRefusedWithTheResourceNamed() throws IOException {
        byte[] wav = wav(22_050, 1, 396_900);
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> CountingRecording.read("test/other-rate.wav", new ByteArrayInputStream(wav)));
        assertTrue(e.getMessage().contains("test/other-rate.wav") && e.getMessage().contains("44.1 kHz mono 16-bit"),
                e.getMessage());
    }

    @Test
    void stereoAndOtherLengthsAreRefused() throws IOException {
        byte[] stereo = wav(44_100, 2, 396_900);
        assertThrows(IllegalStateException.class,
                () -> CountingRecording.read("stereo", new ByteArrayInputStream(stereo)));
        byte[] shorter = wav(44_100, 1, 396_899);
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> CountingRecording.read("shorter", new ByteArrayInputStream(shorter)));
        assertTrue(e.getMessage().contains("396,899 frames"), e.getMessage());
    }

    @Test
    void bytesThatAreNotAudioAreRefusedWithTheResourceNamed() {
        byte[] text = "one, two, three, four, five".getBytes(StandardCharsets.US_ASCII);
        IOException e = assertThrows(IOException.class,
                () -> CountingRecording.read("counting.csv", new ByteArrayInputStream(text)));
        assertTrue(e.getMessage().contains("counting.csv"), e.getMessage());
    }

    @Test
    void aWellFormedFileReadsAsSignedSamplesOverTwoToTheFifteen() throws IOException {
        byte[] wav = wav(44_100, 1, 396_900);
        CountingRecording r = CountingRecording.read("ramp", new ByteArrayInputStream(wav));
        assertEquals(-32768 / 32768f, r.sample(0));
        assertEquals(-32767 / 32768f, r.sample(1));
        assertEquals(32767 / 32768f, r.sample(65_535));
    }

    /** A WAV of 16-bit frames whose first channel ramps through every value from -32768 up. */
    private static byte[] wav(int rate, int channels, int frames) throws IOException {
        AudioFormat format = new AudioFormat(rate, 16, channels, true, false);
        byte[] pcm = new byte[2 * channels * frames];
        for (int i = 0; i < frames; i++) {
            short v = (short) (i - 32768);
            pcm[2 * channels * i] = (byte) v;
            pcm[2 * channels * i + 1] = (byte) (v >> 8);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        AudioInputStream audio = new AudioInputStream(new ByteArrayInputStream(pcm), format, frames);
        AudioSystem.write(audio, AudioFileFormat.Type.WAVE, out);
        return out.toByteArray();
    }
}
