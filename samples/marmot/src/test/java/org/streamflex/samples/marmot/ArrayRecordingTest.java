package org.streamflex.samples.marmot;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.streamflex.samples.marmot.RiffBytes.chunk;
import static org.streamflex.samples.marmot.RiffBytes.riff;

import java.io.ByteArrayInputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The recording as a source reads it in its work(): a block at a time, never throwing. */
class ArrayRecordingTest {
    @TempDir
    Path dir;

    private static short[] ramp(int frames) {
        short[] pcm = new short[4 * frames];
        for (int i = 0; i < pcm.length; i++) {
            pcm[i] = (short) (i * 7919 - 30_000);
        }
        return pcm;
    }

    /** Every frame {@code r} gives through its BlockReader side, {@code block} at a time, at an offset. */
    private static short[] readAll(ArrayRecording r, int block, int[] last) {
        short[] all = new short[0];
        short[] frames = new short[4 * (block + 3)];
        for (int n; (n = r.read(frames, 3, block)) > 0; ) {
            all = Arrays.copyOf(all, all.length + 4 * n);
            System.arraycopy(frames, 12, all, all.length - 4 * n, 4 * n);
        }
        last[0] = r.read(frames, 3, block);
        return all;
    }

    @Test
    void blocksReadFromTheFileAreItsFramesThenTheEndIsAnsweredAndStaysSo() throws Exception {
        short[] pcm = ramp(100);
        Path f = dir.resolve("node-A.wav");
        ArrayRecording.write(f, pcm, 4, 44_100);
        try (ArrayRecording r = ArrayRecording.open(f, 4)) {
            int[] last = new int[1];
            assertFalse(r.done());
            assertArrayEquals(pcm, readAll(r, 32, last));
            assertEquals(BlockReader.END, last[0], "after the end");
            assertTrue(r.done());
            assertEquals(100, r.framesRead());
            assertNull(r.problem("A"));
        }
    }

    @Test
    void aRecordingHeldInMemoryReadsAsItsFile() throws Exception {
        short[] pcm = ramp(77);
        Path f = dir.resolve("node-A.wav");
        ArrayRecording.write(f, pcm, 4, 48_000);
        try (ArrayRecording r = ArrayRecording.open(Path.of("in-memory.wav"),
                new ByteArrayInputStream(Files.readAllBytes(f)), 4)) {
            assertEquals(48_000f, r.sampleRate());
            assertArrayEquals(pcm, readAll(r, 1024, new int[1]));
        }
    }

    @Test
    void aRecordingCutShortDeliversTheFramesBeforeTheCutThenSaysWhereOnceDone() throws Exception {
        short[] pcm = ramp(100);
        Path f = dir.resolve("node-B.wav");
        ArrayRecording.write(f, pcm, 4, 44_100);
        byte[] all = Files.readAllBytes(f);
        // 30 frames and 3 bytes short: frame 69 is cut inside, 69 whole frames are left.
        Files.write(f, Arrays.copyOf(all, all.length - 8 * 30 - 3));
        try (ArrayRecording r = ArrayRecording.open(f, 4)) {
            int[] last = new int[1];
            assertArrayEquals(Arrays.copyOf(pcm, 4 * 69), readAll(r, 32, last), "the whole frames before the cut");
            assertEquals(BlockReader.BROKEN, last[0]);
            assertEquals(BlockReader.BROKEN, r.read(new short[4 * 32], 0, 32), "and from then on");
            String m = r.problem("B").getMessage();
            assertTrue(m.contains(f.toString()) && m.contains("node B") && m.contains("frame 69")
                    && m.contains("declares 100"), m);
            assertEquals(69, r.framesRead());
        }
    }

    @Test
    void aStreamedRecordingsPlaceholderSizeIsReadToItsEndAndNotCalledTruncated() throws Exception {
        short[] pcm = ramp(100);
        Path f = dir.resolve("node-C.wav");
        ArrayRecording.write(f, pcm, 4, 44_100);
        byte[] written = Files.readAllBytes(f);
        int data = indexOf(written, "data".getBytes(StandardCharsets.US_ASCII));
        for (int placeholder : new int[] {0xFFFF_FFFF, 0x7FFF_FFFF}) {
            byte[] streamed = written.clone();
            // As ffmpeg writing to a pipe leaves it: both the RIFF size and the data size unknown.
            ByteBuffer.wrap(streamed).order(ByteOrder.LITTLE_ENDIAN).putInt(4, placeholder)
                    .putInt(data + 4, placeholder);
            Files.write(f, streamed);
            try (ArrayRecording r = ArrayRecording.open(f, 4)) {
                int[] last = new int[1];
                assertEquals(javax.sound.sampled.AudioSystem.NOT_SPECIFIED, r.declaredFrames());
                assertArrayEquals(pcm, readAll(r, 32, last));
                assertEquals(BlockReader.END, last[0], "the end, not a break");
                assertNull(r.problem("C"));
            }
        }
        // A size one whole frame short of the data is a real declaration: the reader stops there.
        assertEquals(99, ArrayRecording.declaredFrames(99, 8));
        assertEquals(0x1FFF_FFFE, ArrayRecording.declaredFrames(0x1FFF_FFFE, 8));
    }

    /** The body of chunk {@code id} of a file {@link ArrayRecording#write} wrote. */
    private static byte[] body(byte[] bytes, String id) {
        byte[] what = id.getBytes(StandardCharsets.US_ASCII);
        int at = indexOf(bytes, what);
        int size = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).getInt(at + 4);
        return Arrays.copyOfRange(bytes, at + 8, at + 8 + size);
    }

    @Test
    void metadataChunksOfAnySizeBeforeTheAudioAreSkipped() throws Exception {
        short[] pcm = ramp(300);
        Path f = dir.resolve("node-D.wav");
        ArrayRecording.write(f, pcm, 4, 44_100);
        byte[] written = Files.readAllBytes(f);
        byte[] fmt = body(written, "fmt ");
        byte[] data = body(written, "data");
        // WAVE_FORMAT_EXTENSIBLE, as writers use for more than two channels: 16-bit PCM, four speakers.
        ByteBuffer ext = ByteBuffer.allocate(40).order(ByteOrder.LITTLE_ENDIAN);
        ext.putShort((short) 0xFFFE).put(fmt, 2, 14).putShort((short) 22).putShort((short) 16).putInt(0x33)
                .put(new byte[] {1, 0, 0, 0, 0, 0, 0x10, 0, (byte) 0x80, 0, 0, (byte) 0xaa, 0, 0x38, (byte) 0x9b,
                    0x71});
        byte[] big = new byte[300_000]; // past the JDK reader's buffer of the chunks before the audio
        Arrays.fill(big, (byte) 'x');
        byte[][] layouts = {
            riff(chunk("JUNK", new byte[28]), chunk("fmt ", fmt), chunk("LIST", big), chunk("data", data)),
            riff(chunk("fmt ", ext.array()), chunk("bext", new byte[603]), chunk("iXML", big), chunk("data", data),
                    chunk("LIST", new byte[10])),
        };
        for (byte[] wav : layouts) {
            Files.write(f, wav);
            try (ArrayRecording r = ArrayRecording.open(f, 4)) {
                assertEquals(300, r.declaredFrames());
                assertArrayEquals(pcm, readAll(r, 64, new int[1]));
                assertNull(r.problem("D"));
            }
            try (ArrayRecording r = ArrayRecording.open(Path.of("in-memory.wav"), new ByteArrayInputStream(wav), 4)) {
                assertArrayEquals(pcm, readAll(r, 1024, new int[1]));
            }
        }
    }

    @Test
    void malformedChunksBeforeTheAudioAreRefusedNamingTheFileAndTheChunk() throws Exception {
        short[] pcm = ramp(10);
        Path f = dir.resolve("node-E.wav");
        ArrayRecording.write(f, pcm, 4, 44_100);
        byte[] written = Files.readAllBytes(f);
        byte[] fmt = body(written, "fmt ");
        byte[] data = body(written, "data");
        byte[] cut = riff(chunk("fmt ", fmt), chunk("LIST", new byte[5000]));
        String[][] cases = {
            {"data first", "its 'data' chunk at byte 12 comes before any 'fmt ' chunk: the format of the audio is"
                + " unknown"},
            {"cut in LIST", "the file ends inside its 'LIST' chunk at byte 36, which declares 5000 bytes, before any"
                + " audio"},
            {"no data", "the file ends at byte 5044, after its 'LIST' chunk, before any audio (a WAV file needs a"
                + " 'data' chunk)"},
            {"huge fmt", "its 'fmt ' chunk at byte 12 declares 100000 bytes; a WAV format is at most 1024"},
            {"short fmt", "its 'fmt ' chunk at byte 12 has 10 bytes; a WAV format has at least 16"},
            {"no channels", "its 'fmt ' chunk at byte 12 declares 0 channels"},
        };
        byte[] silent = fmt.clone();
        silent[2] = 0;
        byte[][] files = {
            riff(chunk("data", data), chunk("fmt ", fmt)),
            Arrays.copyOf(cut, cut.length - 100),
            cut,
            riff(chunk("fmt ", new byte[100_000]), chunk("data", data)),
            riff(chunk("fmt ", Arrays.copyOf(fmt, 10)), chunk("data", data)),
            riff(chunk("fmt ", silent), chunk("data", data)),
        };
        for (int i = 0; i < files.length; i++) {
            Files.write(f, files[i]);
            BadRecordingException e = assertThrows(BadRecordingException.class, () -> ArrayRecording.open(f, 4),
                    cases[i][0]);
            assertEquals(f + ": " + cases[i][1], e.getMessage(), cases[i][0]);
        }
    }

    @Test
    void recordingsOf24And32BitIntegersAndOfFloatsReadAsTheir16BitSamplesUnderEitherFormatTag() throws Exception {
        short[] pcm = ramp(1500); // more than a block of 1024 frames: the byte buffer's size per format
        Path f = dir.resolve("node-E.wav");
        for (SampleFormat format : new SampleFormat[] {SampleFormat.PCM_S16, SampleFormat.PCM_S24,
            SampleFormat.PCM_S32, SampleFormat.FLOAT32, SampleFormat.FLOAT64}) {
            for (boolean extensible : new boolean[] {false, true}) {
                Files.write(f, RiffBytes.wav(format, RiffBytes.fullScale(pcm), 4, 48_000, extensible));
                try (ArrayRecording r = ArrayRecording.open(f, 4)) {
                    String what = format + (extensible ? ", extensible" : "");
                    assertEquals(format.description(), r.sampleFormat(), what);
                    assertEquals(1500, r.declaredFrames(), what);
                    int[] last = new int[1];
                    assertArrayEquals(pcm, readAll(r, 1024, last), what);
                    assertEquals(BlockReader.END, last[0], what);
                    assertNull(r.losses(), what + ": nothing clipped");
                    assertNull(r.problem("E"), what);
                }
            }
        }
        // 8-bit keeps each sample to within a step of 256 (half a step rounding, the top one clamped).
        Files.write(f, RiffBytes.wav(SampleFormat.PCM_U8, RiffBytes.fullScale(pcm), 4, 48_000, false));
        try (ArrayRecording r = ArrayRecording.open(f, 4)) {
            short[] read = readAll(r, 1024, new int[1]);
            for (int i = 0; i < pcm.length; i++) {
                assertTrue(Math.abs(read[i] - pcm[i]) <= 256, i + ": " + read[i] + " for " + pcm[i]);
            }
        }
    }

    @Test
    void aFloatRecordingsSamplesBeyondFullScaleAndNotNumbersAreCountedForItsSummary() throws Exception {
        double[] v = RiffBytes.fullScale(ramp(200));
        v[5] = 1.25;
        v[400] = -3;
        v[401] = Double.NaN;
        v[799] = 1.0; // full scale: read as the largest sample, not clipped
        Path f = dir.resolve("node-F.wav");
        Files.write(f, RiffBytes.wav(SampleFormat.FLOAT32, v, 4, 48_000, true));
        try (ArrayRecording r = ArrayRecording.open(f, 4)) {
            short[] read = readAll(r, 64, new int[1]);
            assertEquals(Short.MAX_VALUE, read[5]);
            assertEquals(Short.MIN_VALUE, read[400]);
            assertEquals(0, read[401]);
            assertEquals(Short.MAX_VALUE, read[799]);
            assertEquals(2, r.clippedSamples());
            assertEquals(1, r.notNumberSamples());
            assertEquals("2 samples beyond full scale (above 1.0 or below -1.0) clipped and 1 samples that are not"
                    + " numbers read as 0, of 800 read (32-bit float in " + f + ")", r.losses());
        }
    }

    /** An RF64 (or BW64) file: its magic, 0xFFFFFFFF for its size, WAVE, a ds64 chunk, then {@code chunks}. */
    private static byte[] rf64(String magic, long dataBytes, byte[] table, byte[]... chunks) {
        ByteBuffer ds64 = ByteBuffer.allocate(28 + table.length).order(ByteOrder.LITTLE_ENDIAN)
                .putLong(0).putLong(dataBytes).putLong(0).putInt(table.length / 12).put(table);
        byte[] riff = riff(RiffBytes.concat(chunk("ds64", ds64.array()), RiffBytes.concat(chunks)));
        byte[] magicBytes = magic.getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(magicBytes, 0, riff, 0, 4);
        ByteBuffer.wrap(riff).order(ByteOrder.LITTLE_ENDIAN).putInt(4, -1);
        return riff;
    }

    /** A data chunk's header whose size is in ds64 (0xFFFFFFFF), then {@code data}. */
    private static byte[] dataSizedInDs64(byte[] data) {
        return RiffBytes.concat(RiffBytes.header("data", -1), data);
    }

    @Test
    void rf64AndBw64RecordingsReadAsTheirRiffTwinsTheirSizesFromDs64() throws Exception {
        short[] pcm = ramp(300);
        Path f = dir.resolve("node-G.wav");
        byte[] written = riffOf(pcm);
        byte[] fmt = body(written, "fmt ");
        byte[] data = body(written, "data");
        // A LIST chunk of 5 bytes whose header says 0xFFFFFFFF: its size is in the ds64 table.
        byte[] table = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN)
                .put("LIST".getBytes(StandardCharsets.US_ASCII)).putLong(5).array();
        byte[] list = RiffBytes.concat(RiffBytes.header("LIST", -1), new byte[] {1, 2, 3, 4, 5, 0});
        byte[][] files = {
            rf64("RF64", data.length, new byte[0], chunk("fmt ", fmt), dataSizedInDs64(data)),
            rf64("BW64", data.length, table, chunk("JUNK", new byte[7]), list, chunk("fmt ", fmt),
                    dataSizedInDs64(data)),
            rf64("RF64", 0, new byte[0], chunk("fmt ", fmt), chunk("data", data)), // its size in its header
        };
        for (int i = 0; i < files.length; i++) {
            Files.write(f, files[i]);
            try (ArrayRecording r = ArrayRecording.open(f, 4)) {
                assertEquals(300, r.declaredFrames(), "file " + i);
                int[] last = new int[1];
                assertArrayEquals(pcm, readAll(r, 64, last), "file " + i);
                assertEquals(BlockReader.END, last[0], "file " + i);
                assertNull(r.problem("G"), "file " + i);
            }
        }
    }

    @Test
    void anRf64RecordingIsReadAsFarAsItsDs64SaysBeyond4GiBOrToItsEndIfItsWriterNeverSaid() throws Exception {
        short[] pcm = ramp(100);
        Path f = dir.resolve("node-H.wav");
        byte[] written = riffOf(pcm);
        byte[] fmt = body(written, "fmt ");
        byte[] data = body(written, "data");
        long fiveGiB = 5L << 30;
        Files.write(f, rf64("RF64", fiveGiB, new byte[0], chunk("fmt ", fmt), dataSizedInDs64(data)));
        try (ArrayRecording r = ArrayRecording.open(f, 4)) {
            assertEquals(fiveGiB / 8, r.declaredFrames(), "the 64-bit size, not the 32-bit field's 0xFFFFFFFF");
            int[] last = new int[1];
            assertArrayEquals(pcm, readAll(r, 64, last));
            assertEquals(BlockReader.BROKEN, last[0]);
            String m = r.problem("H").getMessage();
            assertTrue(m.contains("the header declares " + fiveGiB / 8 + " frames, the file holds 100"), m);
        }
        // A recorder that lost power before writing its sizes leaves 0 in ds64: read to the end, not refused.
        Files.write(f, rf64("RF64", 0, new byte[0], chunk("fmt ", fmt), dataSizedInDs64(data)));
        try (ArrayRecording r = ArrayRecording.open(f, 4)) {
            assertEquals(javax.sound.sampled.AudioSystem.NOT_SPECIFIED, r.declaredFrames());
            int[] last = new int[1];
            assertArrayEquals(pcm, readAll(r, 64, last));
            assertEquals(BlockReader.END, last[0]);
            assertNull(r.problem("H"));
        }
    }

    @Test
    void anRf64RecordingWithoutItsDs64ChunkFirstIsRefusedSayingSo() throws Exception {
        byte[] written = riffOf(ramp(10));
        byte[] fmt = body(written, "fmt ");
        byte[] data = body(written, "data");
        Path f = dir.resolve("node-I.wav");
        byte[] noDs64 = riff(chunk("fmt ", fmt), chunk("data", data));
        noDs64[0] = 'R';
        noDs64[1] = 'F';
        noDs64[2] = '6';
        noDs64[3] = '4';
        Files.write(f, noDs64);
        BadRecordingException e = assertThrows(BadRecordingException.class, () -> ArrayRecording.open(f, 4));
        assertEquals(f + ": an RF64 file whose first chunk at byte 12 is not 'ds64', which holds its sizes beyond"
                + " 4 GiB", e.getMessage());
        byte[] shortDs64 = rf64("RF64", 80, new byte[0], chunk("fmt ", fmt), dataSizedInDs64(data));
        ByteBuffer.wrap(shortDs64).order(ByteOrder.LITTLE_ENDIAN).putInt(16, 20);
        Files.write(f, shortDs64);
        e = assertThrows(BadRecordingException.class, () -> ArrayRecording.open(f, 4));
        assertEquals(f + ": its 'ds64' chunk at byte 12 declares 20 bytes; it has 28 to 65536", e.getMessage());
    }

    /** The bytes {@link ArrayRecording#write} writes for {@code pcm}. */
    private byte[] riffOf(short[] pcm) throws Exception {
        Path f = dir.resolve("written.wav");
        ArrayRecording.write(f, pcm, 4, 44_100);
        return Files.readAllBytes(f);
    }

    private static int indexOf(byte[] bytes, byte[] what) {
        for (int i = 0; i + what.length <= bytes.length; i++) {
            if (Arrays.equals(bytes, i, i + what.length, what, 0, what.length)) {
                return i;
            }
        }
        throw new AssertionError("no " + new String(what, StandardCharsets.US_ASCII) + " chunk");
    }
}
