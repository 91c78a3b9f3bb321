package org.streamflex.samples.marmot;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import javax.sound.sampled.AudioFormat;
import org.junit.jupiter.api.Test;

/** Each sample format read into 16-bit samples: exact for 16-bit audio in any of them, rounded, clipped and counted. */
class SampleFormatTest {
    /** Every 16-bit sample, once. */
    private static short[] everySample() {
        short[] all = new short[1 << 16];
        for (int i = 0; i < all.length; i++) {
            all[i] = (short) (i - 32768);
        }
        return all;
    }

    private static short[] read(SampleFormat format, byte[] bytes, boolean bigEndian, long[] counts) {
        int n = bytes.length / format.bytes();
        short[] out = new short[n + 3];
        format.convert(bytes, out, 3, n, bigEndian, counts);
        short[] samples = new short[n];
        System.arraycopy(out, 3, samples, 0, n);
        return samples;
    }

    @Test
    void sixteenBitAudioWidenedOrTurnedIntoFloatsReadsBackToTheSameSamplesInEitherByteOrder() {
        short[] all = everySample();
        double[] scaled = RiffBytes.fullScale(all);
        for (SampleFormat f : new SampleFormat[] {SampleFormat.PCM_S16, SampleFormat.PCM_S24, SampleFormat.PCM_S32,
            SampleFormat.FLOAT32, SampleFormat.FLOAT64}) {
            for (ByteOrder order : new ByteOrder[] {ByteOrder.LITTLE_ENDIAN, ByteOrder.BIG_ENDIAN}) {
                long[] counts = new long[2];
                byte[] bytes = RiffBytes.samples(f, scaled, order);
                assertArrayEquals(all, read(f, bytes, order == ByteOrder.BIG_ENDIAN, counts), f + " " + order);
                assertArrayEquals(new long[2], counts, f + ": nothing clipped or not a number");
            }
        }
    }

    @Test
    void widerIntegersAreRoundedToTheNearest16BitSampleAndFullScaleStaysInRange() {
        // 24-bit: 0x7FFFFF is full scale; 0x80 is half a 16-bit step (rounds up), 0x7F less than half.
        byte[] s24 = {(byte) 0xFF, (byte) 0xFF, 0x7F, (byte) 0x80, 0, 0, 0x7F, 0, 0, 0, 0, (byte) 0x80,
            0x7F, (byte) 0xFF, (byte) 0xFF, (byte) 0x80, (byte) 0xFF, (byte) 0xFF};
        long[] counts = new long[2];
        // -129 is 0.504 of a step below 0: -1; -128 is exactly half: rounds up to 0.
        assertArrayEquals(new short[] {32767, 1, 0, -32768, -1, 0}, read(SampleFormat.PCM_S24, s24, false, counts));
        ByteBuffer b = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN)
                .putInt(Integer.MAX_VALUE).putInt(0x8000).putInt(0x7FFF).putInt(Integer.MIN_VALUE);
        assertArrayEquals(new short[] {32767, 1, 0, -32768}, read(SampleFormat.PCM_S32, b.array(), false, counts));
        assertArrayEquals(new long[2], counts, "integers are never beyond full scale");
    }

    @Test
    void eightBitUnsignedSamplesAreCentredOn128() {
        long[] counts = new long[2];
        assertArrayEquals(new short[] {-32768, 0, 32512, -256},
                read(SampleFormat.PCM_U8, new byte[] {0, (byte) 128, (byte) 255, 127}, false, counts));
    }

    @Test
    void floatsBeyondFullScaleAreClippedAndCountedAndNotNumbersReadAsZeroAndCounted() {
        double[] v = {1.0, -1.0, 1.5, -2.0, Double.NaN, Double.POSITIVE_INFINITY, 0.99999, -1.00001, 0.5};
        short[] expected = {32767, -32768, 32767, -32768, 0, 0, 32767, -32768, 16384};
        for (SampleFormat f : new SampleFormat[] {SampleFormat.FLOAT32, SampleFormat.FLOAT64}) {
            long[] counts = new long[2];
            byte[] bytes = RiffBytes.samples(f, v, ByteOrder.LITTLE_ENDIAN);
            assertArrayEquals(expected, read(f, bytes, false, counts), f.toString());
            assertEquals(3, counts[SampleFormat.CLIPPED], f + ": 1.5, -2.0 and -1.00001; full scale itself is not");
            assertEquals(2, counts[SampleFormat.NOT_NUMBERS], f + ": NaN and infinity");
        }
    }

    @Test
    void theFormatsJavaxSoundGivesForWavAreReadAndOthersAreNot() {
        assertEquals(SampleFormat.PCM_S16, SampleFormat.of(new AudioFormat(48_000, 16, 4, true, false)));
        assertEquals(SampleFormat.PCM_S24, SampleFormat.of(new AudioFormat(48_000, 24, 4, true, false)));
        assertEquals(SampleFormat.PCM_S32, SampleFormat.of(new AudioFormat(48_000, 32, 4, true, false)));
        assertEquals(SampleFormat.PCM_U8, SampleFormat.of(new AudioFormat(48_000, 8, 4, false, false)));
        // 20 valid bits in 3-byte containers, left-justified, as WAV stores them.
        assertEquals(SampleFormat.PCM_S24, SampleFormat.of(new AudioFormat(AudioFormat.Encoding.PCM_SIGNED, 48_000,
                20, 4, 12, 48_000, false)));
        assertEquals(SampleFormat.FLOAT32, SampleFormat.of(new AudioFormat(AudioFormat.Encoding.PCM_FLOAT, 48_000, 32,
                4, 16, 48_000, false)));
        assertEquals(SampleFormat.FLOAT64, SampleFormat.of(new AudioFormat(AudioFormat.Encoding.PCM_FLOAT, 48_000, 64,
                4, 32, 48_000, false)));
        assertNull(SampleFormat.of(new AudioFormat(AudioFormat.Encoding.ULAW, 8_000, 8, 4, 4, 8_000, false)));
        assertNull(SampleFormat.of(new AudioFormat(AudioFormat.Encoding.ALAW, 8_000, 8, 4, 4, 8_000, false)));
        assertNull(SampleFormat.of(new AudioFormat(48_000, 8, 4, true, false)), "signed 8-bit is not WAV's");
        assertNull(SampleFormat.of(new AudioFormat(48_000, 16, 4, false, false)), "unsigned 16-bit is not WAV's");
        assertNull(SampleFormat.of(new AudioFormat(AudioFormat.Encoding.PCM_FLOAT, 48_000, 16, 4, 8, 48_000, false)));
        assertNull(SampleFormat.of(new AudioFormat(AudioFormat.Encoding.PCM_SIGNED, 48_000, 16, 4, 10, 48_000, false)),
                "frames with bytes between the samples");
    }
}
