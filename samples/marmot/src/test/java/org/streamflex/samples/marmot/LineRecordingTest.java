package org.streamflex.samples.marmot;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import javax.sound.sampled.AudioFormat;
import org.junit.jupiter.api.Test;

/** The live input's reads, against a test capture line the test advances by hand. */
class LineRecordingTest {
    private static final int CHANNELS = ArraySource.CHANNELS;
    private static final float RATE = 44_100f;

    /** {@code frames} frames whose samples count up: frame f, channel c holds {@code 4f + c}. */
    private static byte[] counting(int frames) {
        byte[] pcm = new byte[frames * 2 * CHANNELS];
        for (int i = 0; i < frames * CHANNELS; i++) {
            short v = (short) i;
            pcm[2 * i] = (byte) v;
            pcm[2 * i + 1] = (byte) (v >> 8);
        }
        return pcm;
    }

    private static TestCaptureLine line(int frames, int bufferFrames) {
        TestCaptureLine line = new TestCaptureLine(counting(frames), CHANNELS, 0, bufferFrames);
        line.open(new AudioFormat(RATE, 16, CHANNELS, true, false));
        line.start();
        return line;
    }

    private static void assertCounting(short[] frames, int at, int fromFrame, int count) {
        for (int i = 0; i < count * CHANNELS; i++) {
            assertEquals((short) (fromFrame * CHANNELS + i), frames[at * CHANNELS + i], "sample " + i);
        }
    }

    @Test
    void readsWhatTheLineHoldsInOrderWithoutWaiting() {
        TestCaptureLine line = line(10_000, 10_000);
        LineRecording rec = new LineRecording("test", line, CHANNELS, RATE, 0);
        short[] frames = new short[1024 * CHANNELS];
        assertEquals(0, rec.read(frames, 0, 1024), "nothing captured yet: no frame, and no wait");
        line.capture(100);
        assertEquals(100, rec.read(frames, 0, 1024));
        assertCounting(frames, 0, 0, 100);
        line.capture(3000);
        int[] reads = {rec.read(frames, 0, 1024), rec.read(frames, 0, 1024), rec.read(frames, 0, 1024)};
        assertArrayEquals(new int[] {1024, 1024, 952}, reads);
        assertCounting(frames, 0, 2148, 952);
        assertEquals(0, rec.read(frames, 0, 1024));
        assertEquals(3100, rec.framesRead());
        assertTrue(!rec.done());
        line.capture(10);
        rec.stop();
        assertEquals(10, rec.read(frames, 5, 1024), "what the line held when asked to stop is still delivered");
        assertCounting(frames, 5, 3100, 10);
        assertTrue(rec.done());
        assertEquals(BlockReader.END, rec.read(frames, 0, 1024));
        assertEquals(3110, rec.framesRead());
        assertEquals(-1, rec.declaredFrames());
        assertNull(rec.losses());
        assertNull(rec.problem("A"));
    }

    @Test
    void framesTheLineDroppedInAnOverrunAreCountedAndSaid() {
        TestCaptureLine line = line(10_000, 512);
        LineRecording rec = new LineRecording("test", line, CHANNELS, RATE, 0);
        short[] frames = new short[1024 * CHANNELS];
        line.capture(2000);
        assertEquals(1488, line.lost());
        assertEquals(512, rec.read(frames, 0, 1024), "the newest 512 frames: the buffer's");
        assertCounting(frames, 0, 1488, 512);
        rec.stop();
        assertEquals(BlockReader.END, rec.read(frames, 0, 1024));
        assertTrue(rec.done());
        String said = rec.losses();
        assertTrue(said != null && said.startsWith("1488 frames (0.034 s) lost in capture overruns"), said);
        assertTrue(said.contains("was full at 1 reads"), said);
    }

    @Test
    void endsAfterTheAudioAsked() {
        TestCaptureLine line = line(10_000, 10_000);
        LineRecording rec = new LineRecording("test", line, CHANNELS, RATE, 2500);
        assertEquals(2500, rec.declaredFrames());
        short[] frames = new short[1024 * CHANNELS];
        line.capture(9000);
        int total = 0;
        int n;
        while ((n = rec.read(frames, 0, 1024)) > 0) {
            total += n;
        }
        assertEquals(BlockReader.END, n);
        assertEquals(2500, total);
        assertEquals(2500, rec.framesRead());
        assertNull(rec.losses(), "frames captured after the end are not lost: they were not asked for");
    }

    @Test
    void aLineThatClosesUnderTheNodeBreaksTheInputOffSayingWhere() {
        TestCaptureLine line = line(10_000, 10_000);
        LineRecording rec = new LineRecording("USB array", line, CHANNELS, RATE, 0);
        short[] frames = new short[1024 * CHANNELS];
        line.capture(300);
        assertEquals(300, rec.read(frames, 0, 1024));
        line.close();
        assertEquals(BlockReader.BROKEN, rec.read(frames, 0, 1024));
        assertEquals(BlockReader.BROKEN, rec.read(frames, 0, 1024));
        assertTrue(rec.done());
        assertEquals("capture device \"USB array\": node A's capture broke off after frame 300 (0.01 s), the node"
                + " ends there: the capture line closed after 300 frames", rec.problem("A").getMessage());
    }

    @Test
    void anUnknownDeviceIsRefusedNamingTheMixersThatCanCapture() {
        CaptureException e = assertThrows(CaptureException.class,
                () -> LineRecording.open("no such card", CHANNELS, RATE, 0));
        assertTrue(e.getMessage().startsWith("capture device \"no such card\": no mixer has this name; the mixers"
                + " that can capture: "), e.getMessage());
        assertTrue(e.getMessage().contains("\"" + TestCaptureMixer.NAME + "\""), e.getMessage());
    }

    @Test
    void aMixerWithoutTheLineAskedIsRefusedSayingWhatWasAsked() {
        CaptureException e = assertThrows(CaptureException.class,
                () -> LineRecording.open(TestCaptureMixer.NAME, 2, RATE, 0));
        assertTrue(e.getMessage().startsWith("capture device \"" + TestCaptureMixer.NAME + "\": has no capture line"
                + " of 2 channels of 16-bit PCM at 44100 Hz"), e.getMessage());
        assertTrue(Arrays.asList(e.getMessage().split("; ")).size() >= 2, e.getMessage());
    }
}
