package org.streamflex.samples.marmot;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

    private static int indexOf(byte[] bytes, byte[] what) {
        for (int i = 0; i + what.length <= bytes.length; i++) {
            if (Arrays.equals(bytes, i, i + what.length, what, 0, what.length)) {
                return i;
            }
        }
        throw new AssertionError("no " + new String(what, StandardCharsets.US_ASCII) + " chunk");
    }
}
