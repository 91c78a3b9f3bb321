package org.streamflex.samples.marmot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.streamflex.runtime.GraphDriver;

/**
 * A node's source reading its recording itself, a block per release in its work(): it sends every
 * frame the recording holds, finds what the same frames written to it by plain Java find, and a
 * recording cut short ends its node with the frames before the cut, reported once.
 */
@Timeout(600) // a guard against a hang, not a limit on speed
class ArraySourceReadingTest {
    @TempDir
    Path dir;

    @Test
    void aSourceReadingItsRecordingFindsWhatTheSameFramesWrittenToItFind() throws Exception {
        SceneGenerator.Result scene = SceneGenerator.write(SceneSpec.defaults().withSeed(23).withNodes(2).withCalls(4)
                .withSeconds(6.3), dir);
        NodeSite site = scene.deployment().nodes().get(0);
        Deployment one = new Deployment(List.of(site));
        Path wav = SceneGenerator.recordingOf(dir, site.id());
        MarmotConfig config = MarmotConfig.defaults();

        MarmotGraph reading;
        long frames;
        try (ArrayRecording r = ArrayRecording.open(wav, 4)) {
            reading = new MarmotGraph(config, one, new double[] {r.sampleRate()}, false, 0);
            r.attach(reading.source(0));
            GraphDriver driver = GraphDriver.of(reading);
            while (!reading.source(0).ended()) {
                driver.step();
            }
            driver.step();
            frames = r.framesRead();
        }
        MarmotGraph written;
        try (ArrayRecording r = ArrayRecording.open(wav, 4)) {
            written = new MarmotGraph(config, one, new double[] {r.sampleRate()}, false, 0);
            GraphDriver driver = GraphDriver.of(written);
            short[] block = new short[4 * config.block()];
            for (int n; (n = r.read(block, config.block())) > 0; ) {
                assertEquals(1, written.source(0).write(block, n));
                driver.step();
            }
            written.source(0).finish();
            while (!written.source(0).ended()) {
                driver.step();
            }
            driver.step();
        }
        // 6.3 s is not a whole number of blocks: the last block is a part of one, sent too.
        assertTrue(frames % config.block() != 0, frames + " frames");
        DoaLog a = reading.doaLog();
        DoaLog b = written.doaLog();
        assertTrue(a.ended(0), "the end mark");
        assertEquals(frames * 1e9 / a.sampleRate(0), (double) a.heardNanos(0), 1.0, "every frame sent");
        assertEquals(b.heardNanos(0), a.heardNanos(0));
        assertTrue(a.count() >= 4, a.count() + " detections of 4 calls");
        assertEquals(b.count(), a.count(), "detections");
        for (int i = 0; i < a.count(); i++) {
            assertEquals(b.onsetNanos(i), a.onsetNanos(i), "onset " + i);
            assertEquals(b.endNanos(i), a.endNanos(i), "end " + i);
            assertEquals(b.azimuth(i), a.azimuth(i), "azimuth " + i);
        }
    }

    @Test
    void aRecordingCutShortEndsItsNodeWithWhatItReadReportedOnceAndTheOthersCarryOn() throws Exception {
        SceneGenerator.Result scene = SceneGenerator.write(SceneSpec.defaults().withSeed(3).withNodes(3).withCalls(2)
                .withSeconds(3).withRadius(10), dir);
        Path cut = SceneGenerator.recordingOf(dir, "B");
        byte[] all = Files.readAllBytes(cut);
        // 44 header bytes, then 8 per frame: 40,000 whole frames and half of the next.
        Files.write(cut, Arrays.copyOf(all, 44 + 8 * 40_000 + 4));
        List<UnreadableInputException> told = new ArrayList<>();
        MarmotRun.Result r = MarmotRun.run(MarmotConfig.defaults(), scene.deployment(),
                id -> SceneGenerator.recordingOf(dir, id), new MarmotRun.Listener() {
                    @Override
                    public void problem(UnreadableInputException e) {
                        told.add(e);
                    }
                });
        assertEquals(1, told.size(), "reported once: " + told);
        assertEquals(told, r.problems());
        String m = told.get(0).getMessage();
        assertTrue(m.contains(cut.toString()) && m.contains("node B") && m.contains("frame 40000"), m);
        assertEquals(cut, told.get(0).file());
        assertEquals(3, r.nodes().nodes().size(), "node B ran, up to its cut");
        assertTrue(r.detections().stream().anyMatch(d -> d.node().equals("A")), "node A still detects");
        assertTrue(r.detections().stream().anyMatch(d -> d.node().equals("C")), "node C still detects");
        assertEquals(3.0, r.audioSeconds(), 1e-3, "the other nodes read to their end");
    }
}
