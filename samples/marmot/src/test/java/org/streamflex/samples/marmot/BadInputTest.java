package org.streamflex.samples.marmot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.streamflex.samples.marmot.RiffBytes.chunk;
import static org.streamflex.samples.marmot.RiffBytes.riff;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

class BadInputTest {
    @TempDir
    Path dir;

    private Path wav(String name, int channels) throws Exception {
        Path f = dir.resolve(name);
        ArrayRecording.write(f, new short[channels * 100], channels, 44_100);
        return f;
    }

    private static String message(Path f) {
        return assertThrows(BadRecordingException.class, () -> {
            try (ArrayRecording r = ArrayRecording.open(f, 4)) {
                short[] b = new short[4 * 64];
                while (r.read(b, 64) > 0) {
                    // read to the end
                }
            }
        }).getMessage();
    }

    @Test
    void aRecordingWithTheWrongChannelCountIsNamedWithWhatItHas() throws Exception {
        Path f = wav("stereo.wav", 2);
        String m = message(f);
        assertTrue(m.contains(f.toString()) && m.contains("2 channels, expected 4"), m);
    }

    @Test
    void aTruncatedRecordingIsNamedWithTheFramesItLacks() throws Exception {
        Path f = wav("cut.wav", 4);
        byte[] all = Files.readAllBytes(f);
        Files.write(f, Arrays.copyOf(all, all.length - 8 * 30));
        String m = message(f);
        assertTrue(m.contains(f.toString()) && m.contains("truncated") && m.contains("declares 100"), m);
        Files.write(f, Arrays.copyOf(all, all.length - 3));
        String mid = message(f);
        // javax.sound.sampled reads whole frames only: the cut frame is missing, not half there.
        assertTrue(mid.contains("truncated") && mid.contains("holds 99"), mid);
    }

    @Test
    void aRecordingOfASampleFormatNotReadIsNamedWithAWayToConvertIt() throws Exception {
        // A-law (tag 6) and mu-law (7), as telephony writes them; 16-bit floats, which WAV does not define.
        int[][] formats = {{6, 8}, {7, 8}, {3, 16}};
        for (int[] tagAndBits : formats) {
            Path f = dir.resolve("format-" + tagAndBits[0] + "-" + tagAndBits[1] + ".wav");
            int frame = 4 * tagAndBits[1] / 8;
            Files.write(f, riff(chunk("fmt ", ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN)
                    .putShort((short) tagAndBits[0]).putShort((short) 4).putInt(44_100).putInt(44_100 * frame)
                    .putShort((short) frame).putShort((short) tagAndBits[1]).array()),
                    chunk("data", new byte[frame * 10])));
            String m = message(f);
            assertTrue(m.startsWith(f + ": "), m);
            assertTrue(m.contains("; convert it, e.g. sox IN.wav -b 16 -e signed-integer OUT.wav")
                    || m.contains("not a WAV file javax.sound.sampled can read"), m);
        }

        Path junk = dir.resolve("junk.wav");
        Files.writeString(junk, "not audio at all");
        String j = message(junk);
        assertTrue(j.contains(junk.toString()) && j.contains("not a WAV"), j);

        String missing = message(dir.resolve("none.wav"));
        assertTrue(missing.contains("none.wav") && missing.contains("no such file"), missing);
    }

    /** A WAVE_FORMAT_EXTENSIBLE 'fmt ' chunk: 4 channels of PCM at 48 kHz, of this block align and these bits. */
    private static byte[] extensible(int blockAlign, int bits) {
        return chunk("fmt ", ByteBuffer.allocate(40).order(ByteOrder.LITTLE_ENDIAN).putShort((short) 0xFFFE)
                .putShort((short) 4).putInt(48_000).putInt(48_000 * 8).putShort((short) blockAlign)
                .putShort((short) bits).putShort((short) 22).putShort((short) bits).putInt(0x33)
                .putInt(1).putShort((short) 0).putShort((short) 0x10)
                .put(new byte[] {(byte) 0x80, 0, 0, (byte) 0xaa, 0, 0x38, (byte) 0x9b, 0x71}).array());
    }

    private static long allocatedBytes() {
        return ((com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean())
                .getCurrentThreadAllocatedBytes();
    }

    @Test
    void aMidiHeaderClaimingTwoGigabytesOfTrackIsRefusedWithoutReadingIt() throws Exception {
        // javax.sound.sampled tried its MIDI reader on anything that was not RIFF WAVE, and the reader allocated
        // the track length its header claims: 2 GB for these 26 bytes.
        Path midi = dir.resolve("node-A.wav");
        Files.write(midi, new byte[] {'M', 'T', 'h', 'd', 0, 0, 0, 6, 0, 0, 0, 1, 0, 0x60, 'M', 'T', 'r', 'k', 0x7f,
            (byte) 0xff, (byte) 0xff, (byte) 0xf0, 0, (byte) 0xff, 0x2f, 0});
        long before = allocatedBytes();
        assertEquals(midi + ": not a WAV file: it begins with 'MThd', where a WAV file begins with 'RIFF' (or"
                + " 'RF64' or 'BW64' beyond 4 GiB); expected a PCM or float WAV with one channel per microphone",
                message(midi));
        long allocated = allocatedBytes() - before;
        assertTrue(allocated < 16 << 20, allocated + " bytes allocated");

        Path avi = dir.resolve("node-B.wav");
        Files.write(avi, ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN).put("RIFF".getBytes(StandardCharsets
                .US_ASCII)).putInt(4).put("AVI ".getBytes(StandardCharsets.US_ASCII)).array());
        assertEquals(avi + ": not a WAV file: a RIFF file of type 'AVI ', where a WAV file's is 'WAVE'; expected"
                + " a PCM or float WAV with one channel per microphone", message(avi));
        Path tiny = Files.write(dir.resolve("node-C.wav"), new byte[] {'R', 'I', 'F'});
        assertEquals(tiny + ": not a WAV file: 3 bytes, fewer than the 12 of a WAV file's header ('RIFF', its size,"
                + " 'WAVE'); expected a PCM or float WAV with one channel per microphone", message(tiny));
    }

    @Test
    // One of these spun in a read that returned 0 bytes: the test fails rather than waits with it.
    @Timeout(value = 20, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void anExtensibleFormatWhoseBlockAlignIsNotItsFrameIsRefusedNamingTheChunk() throws Exception {
        // javax.sound.sampled takes an extensible format's block align for its frame size: 0 escaped as an
        // ArithmeticException; 128 declared 625 frames of these 80,000 bytes, and 10,000 of 8 bytes were read;
        // 24832 made a frame larger than a read asks for, and the read returned 0 bytes, forever.
        byte[] data = chunk("data", new byte[8 * 10_000]);
        Path f = dir.resolve("node-A.wav");
        for (int align : new int[] {0, 128, 24_832}) {
            Files.write(f, riff(extensible(align, 16), data));
            assertEquals(f + ": its 'fmt ' chunk at byte 12 declares frames of " + align + " bytes (its block align),"
                    + " where 4 channels of 16-bit samples take 8", message(f));
        }
        Files.write(f, riff(extensible(0, 0), data));
        assertEquals(f + ": its 'fmt ' chunk at byte 12 declares 0-bit samples", message(f));
    }

    @Test
    void aFormatChunkOfOddSizeIsReadPastItsPadByte() throws Exception {
        // The JDK's WAV reader did not skip the pad byte after an odd-sized chunk, read the next id a byte early
        // and refused the file as "of unsupported format".
        ByteBuffer fmt = ByteBuffer.allocate(17).order(ByteOrder.LITTLE_ENDIAN).putShort((short) 1)
                .putShort((short) 4).putInt(44_100).putInt(44_100 * 8).putShort((short) 8).putShort((short) 16);
        ByteBuffer pcm = ByteBuffer.allocate(8 * 10).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < 4 * 10; i++) {
            pcm.putShort((short) (1000 * i - 20_000));
        }
        Path f = Files.write(dir.resolve("node-A.wav"), riff(chunk("fmt ", fmt.array()), chunk("data", pcm.array())));
        try (ArrayRecording r = ArrayRecording.open(f, 4)) {
            short[] frames = new short[4 * 64];
            assertEquals(10, r.read(frames, 64));
            assertEquals(-20_000, frames[0]);
            assertEquals(19_000, frames[39]);
            assertEquals(0, r.read(frames, 64));
        }
    }

    @Test
    void aBadCsvLineIsNamedByFileAndLine() throws Exception {
        Path nodes = dir.resolve("nodes.csv");
        Path mics = dir.resolve("mics.csv");
        Files.writeString(mics, "node,mic,x_m,y_m\nA,1,0.1,0\nA,2,0,0.1\nA,3,-0.1,0\nA,4,0,-0.1\n");
        Files.writeString(nodes, "node,x_m,y_m,heading_deg\nA,1,2,3\nB,abc,2,3\n");
        BadCsvException e = assertThrows(BadCsvException.class, () -> Deployment.read(nodes, mics));
        assertEquals(3, e.line());
        assertTrue(e.getMessage().contains(nodes + " line 3: x_m \"abc\" is not a finite number"), e.getMessage());

        Files.writeString(nodes, "A,1,2\n");
        e = assertThrows(BadCsvException.class, () -> Deployment.read(nodes, mics));
        assertTrue(e.getMessage().contains("line 1: 3 fields, expected 4"), e.getMessage());

        Files.writeString(nodes, "A,1,2,0\n");
        Files.writeString(mics, "A,1,0.1,0\nZ,1,0,0\n");
        e = assertThrows(BadCsvException.class, () -> Deployment.read(nodes, mics));
        assertTrue(e.getMessage().contains(mics + " line 2: node Z is not in nodes.csv"), e.getMessage());

        Files.writeString(mics, "A,1,0.1,0\n");
        e = assertThrows(BadCsvException.class, () -> Deployment.read(nodes, mics));
        assertTrue(e.getMessage().contains("node A has 1 microphones"), e.getMessage());

        e = assertThrows(BadCsvException.class, () -> Deployment.read(dir.resolve("missing.csv"), mics));
        assertTrue(e.getMessage().contains("missing.csv: no such file"), e.getMessage());
    }

    /** Node {@code id}'s square array, corners {@code halfSide} metres from its centre, as mics.csv lines. */
    private static String square(String id, double halfSide) {
        return String.format(java.util.Locale.ROOT, "%1$s,1,%2$s,0%n%1$s,2,0,%2$s%n%1$s,3,-%2$s,0%n%1$s,4,0,-%2$s%n",
                id, halfSide);
    }

    /** Writes nodes A and B, and {@code micLines} as their microphones; the mics file. */
    private Path deploymentOfAAndB(String micLines) throws Exception {
        Files.writeString(dir.resolve("nodes.csv"), "node,x_m,y_m,heading_deg\nA,1,2,0\nB,3,4,0\n");
        return Files.writeString(dir.resolve("mics.csv"), micLines);
    }

    @Test
    void microphonesAtOnePointAreRefusedNamingTheNode() throws Exception {
        Path mics = deploymentOfAAndB(square("A", 0.1) + """
                B,1,0,0
                B,2,0,0.0002
                B,3,0.0002,0
                B,4,0,0
                """);
        BadCsvException e = assertThrows(BadCsvException.class, () -> Deployment.read(dir.resolve("nodes.csv"), mics));
        assertEquals(mics + ": the 4 microphones of node B are at most 0.28 mm apart: no direction can be found from"
                + " delays between them (positions are metres in the node's frame)", e.getMessage());
    }

    @Test
    void microphonesOnOneLineAreReadWithAWarningNamingTheNode() throws Exception {
        Path nodes = dir.resolve("nodes.csv");
        // B: a line at 30 degrees, 5 cm between neighbours; A: a square, no warning.
        Path mics = deploymentOfAAndB(square("A", 0.1) + """
                B,1,0,0
                B,2,0.0433013,0.025
                B,3,0.0866025,0.05
                B,4,0.1299038,0.075
                """);
        Deployment d = Deployment.read(nodes, mics);
        assertEquals(2, d.nodes().size());
        assertEquals(1, d.warnings().size(), d.warnings().toString());
        String w = d.warnings().get(0);
        assertTrue(w.startsWith(mics + ": the microphones of node B lie on one line (0.00 mm across it, 56 mm along"
                + " it)"), w);

        deploymentOfAAndB(square("A", 100) + square("B", 0.1));
        d = Deployment.read(nodes, mics);
        assertEquals(List.of(mics + ": the microphones of node A are up to 200.00 m apart: positions are metres in"
                + " the node's frame (were they written in millimetres?)"), d.warnings());
    }

    @Test
    void microphonesCentredMetresFromTheirNodeAreReadWithAWarningNamingTheNode() throws Exception {
        Path mics = deploymentOfAAndB(square("A", 0.04) + "B,1,10.04,5\nB,2,10,5.04\nB,3,9.96,5\nB,4,10,4.96\n");
        Deployment d = Deployment.read(dir.resolve("nodes.csv"), mics);
        assertEquals(List.of(mics + ": the microphones of node B are centred 11.18 m from the node's origin:"
                + " positions are metres in the node's frame, around its position in nodes.csv (were world"
                + " coordinates written?)"), d.warnings());
    }

    @Test
    void moreNodesThanTheFusionTakesAreRefusedNamingTheFile() throws Exception {
        StringBuilder nodes = new StringBuilder();
        StringBuilder mics = new StringBuilder();
        for (int i = 0; i <= DoaCluster.MAX_NODES; i++) {
            nodes.append("N").append(i).append(',').append(i).append(",0,0\n");
            mics.append(square("N" + i, 0.04));
        }
        Path n = Files.writeString(dir.resolve("nodes.csv"), nodes);
        Path m = Files.writeString(dir.resolve("mics.csv"), mics);
        BadCsvException e = assertThrows(BadCsvException.class, () -> Deployment.read(n, m));
        assertEquals(n + ": 17 nodes; the sample fuses at most 16 (DoaCluster.MAX_NODES): split the deployment into"
                + " areas of at most 16 nodes", e.getMessage());
    }

    @Test
    void twoNodesAtOnePlaceAreReadWithAWarningNamingBoth() throws Exception {
        Path mics = deploymentOfAAndB(square("A", 0.04) + square("B", 0.04));
        Path nodes = dir.resolve("nodes.csv");
        Files.writeString(nodes, "node,x_m,y_m,heading_deg\nA,1,2,0\nB,1.05,2,90\n");
        Deployment d = Deployment.read(nodes, mics);
        assertEquals(List.of(nodes + ": nodes A and B are 0.050 m apart: their bearings cannot cross (was one line"
                + " copied without its position edited?)"), d.warnings());
        Files.writeString(nodes, "node,x_m,y_m,heading_deg\nA,1,2,0\nB,1.2,2,90\n");
        assertEquals(List.of(), Deployment.read(nodes, mics).warnings());
    }

    @Test
    void theCommandPrintsTheDeploymentsWarningsAndRunsOn() throws Exception {
        SceneSpec spec = SceneSpec.defaults().withSeed(3).withNodes(3).withCalls(1).withSeconds(2).withRadius(10);
        SceneGenerator.write(spec, dir);
        Path mics = dir.resolve("mics.csv");
        // Node A's array moved onto one line: its recording still reads, its azimuths are ambiguous.
        List<String> lines = Files.readAllLines(mics).stream()
                .map(l -> l.startsWith("A,") ? l.substring(0, l.lastIndexOf(',')) + ",0" : l).toList();
        Files.write(mics, lines);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = MarmotMain.run(new String[] {"--scene", dir.toString(), "--plots", "none"},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        String e = err.toString(StandardCharsets.UTF_8);
        assertEquals(ExitCode.OK.code(), code, e);
        assertTrue(e.contains("marmot: warning: " + mics + ": the microphones of node A lie on one line"), e);
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("DOA node=B"), out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aNodeWithABadRecordingIsReportedAndTheOthersStillLocate() throws Exception {
        SceneSpec spec = SceneSpec.defaults().withSeed(3).withNodes(4).withCalls(2).withSeconds(3).withRadius(10);
        SceneGenerator.write(spec, dir);
        Path broken = SceneGenerator.recordingOf(dir, "B");
        byte[] all = Files.readAllBytes(broken);
        Files.write(broken, Arrays.copyOf(all, all.length / 2));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = MarmotMain.run(new String[] {"--scene", dir.toString(), "--plots", "none"},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        String o = out.toString(StandardCharsets.UTF_8);
        String e = err.toString(StandardCharsets.UTF_8);
        assertEquals(ExitCode.PARTIAL_INPUT.code(), code, o + e);
        assertTrue(e.contains(broken.toString()) && e.contains("truncated"), e);
        assertTrue(o.lines().filter(l -> l.startsWith("DOA node=C")).count() >= 2, o);
        assertTrue(o.lines().filter(l -> l.startsWith("LOC ")).count() >= 2, o);

        Files.delete(dir.resolve("node-A.wav"));
        Files.writeString(dir.resolve("node-C.wav"), "junk");
        out.reset();
        err.reset();
        code = MarmotMain.run(new String[] {"--scene", dir.toString(), "--plots", "none"},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(ExitCode.PARTIAL_INPUT.code(), code);
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("node-A.wav: no such file"));
        assertFalse(out.toString(StandardCharsets.UTF_8).contains("DOA node=A"));
    }
}
