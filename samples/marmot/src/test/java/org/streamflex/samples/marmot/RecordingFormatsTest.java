package org.streamflex.samples.marmot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command on a scene whose nodes recorded in other sample formats than 16-bit PCM. */
class RecordingFormatsTest {
    @TempDir
    Path dir;

    private String[] run(List<String> lines) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = MarmotMain.run(new String[] {"--scene", dir.toString(), "--plots", "none"},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        String o = out.toString(StandardCharsets.UTF_8);
        assertEquals(ExitCode.OK.code(), code, o + err.toString(StandardCharsets.UTF_8));
        lines.addAll(o.lines().filter(l -> l.startsWith("DOA ") || l.startsWith("LOC ")).toList());
        return new String[] {o, err.toString(StandardCharsets.UTF_8)};
    }

    /** Node {@code id}'s 16-bit samples, as the scene wrote them. */
    private short[] samples(String id) throws Exception {
        try (ArrayRecording r = ArrayRecording.open(SceneGenerator.recordingOf(dir, id), 4)) {
            short[] all = new short[4 * (int) r.declaredFrames()];
            int at = 0;
            for (int n; (n = r.read(all, at / 4, 4096)) > 0; ) {
                at += 4 * n;
            }
            assertEquals(all.length, at);
            return all;
        }
    }

    @Test
    void nodesRecordingIn24BitOrFloatsGiveTheDetectionsAndLocationsOfTheir16BitRecordings() throws Exception {
        SceneSpec spec = SceneSpec.defaults().withSeed(3).withNodes(3).withCalls(2).withSeconds(3).withRadius(10);
        SceneGenerator.write(spec, dir);
        List<String> sixteen = new ArrayList<>();
        run(sixteen);
        assertTrue(sixteen.stream().anyMatch(l -> l.startsWith("LOC ")), "the scene is located: " + sixteen);

        // A field recorder's 24 bits, a simulator's 32-bit floats, an analysis tool's 64-bit floats.
        SampleFormat[] formats = {SampleFormat.PCM_S24, SampleFormat.FLOAT32, SampleFormat.FLOAT64};
        short[][] pcm = new short[3][];
        for (int k = 0; k < 3; k++) {
            String id = String.valueOf((char) ('A' + k));
            pcm[k] = samples(id);
            Files.write(SceneGenerator.recordingOf(dir, id),
                    RiffBytes.wav(formats[k], RiffBytes.fullScale(pcm[k]), 4, (int) spec.sampleRate(), k == 1));
        }
        List<String> other = new ArrayList<>();
        String[] said = run(other);
        assertEquals(sixteen, other, "the same samples, so the same lines");
        assertFalse(said[0].contains("clipped"), said[0]);

        // Node B's simulator wrote 3 samples beyond full scale and one NaN, in its first 20 ms: read as clipped
        // and 0, and said.
        double[] b = RiffBytes.fullScale(pcm[1]);
        b[1000] = 1.5;
        b[1001] = -1.5;
        b[2000] = 4;
        b[3000] = Double.NaN;
        Path nodeB = SceneGenerator.recordingOf(dir, "B");
        Files.write(nodeB, RiffBytes.wav(SampleFormat.FLOAT32, b, 4, (int) spec.sampleRate(), true));
        List<String> clipped = new ArrayList<>();
        String out = run(clipped)[0];
        // The clicks fall in the detectors' warm-up, which leaves them out: node B still finds its calls. (Its
        // noise estimate took them in before, and node B found nothing for the whole scene.)
        assertEquals(sixteen, clipped, "the same detections and locations");
        assertTrue(out.contains("# node B: 3 samples beyond full scale (above 1.0 or below -1.0) clipped and 1"
                + " samples that are not numbers read as 0, of " + pcm[1].length + " read (32-bit float in " + nodeB
                + ")"), out);
        assertEquals(1, out.lines().filter(l -> l.contains("clipped")).count(), "only node B changed: " + out);
    }
}
