package org.streamflex.samples.marmot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The bundled {@code scenes/room}, recorded by pyroomacoustics (an independent simulator: a 14 x 11
 * x 4 m room with RT60 0.4 s, image sources to order 36, sources and arrays at different heights,
 * 20 dB SNR; {@code tools/room_scene.py} wrote it): the command finds every call at every node with
 * no false detection, its azimuths within the free-field goal at the median and a few degrees at
 * worst, and each location within half a metre; the DOA's first arrivals ({@link FirstArrivals}) and,
 * without them, its onset window ({@link DoaWindow}) are why.
 * The README's "Reverberant rooms" gives the figures and pyroomacoustics' own estimators on the
 * same recordings.
 */
class RoomRecordingTest {
    private static final Pattern ERROR = Pattern.compile("(?m)^(DOA|LOC) .* err=([0-9.]+)$");

    @Test
    void aReverberantRoomFromAnIndependentSimulatorIsDetectedAndLocated() throws IOException {
        String command = ReadmeCommandsTest.JAR + " --scene samples/marmot/scenes/room --plots none";
        assertTrue(readme().contains("```bash\n" + command + "\n```"), "the README shows " + command);
        Run run = Run.of("--scene", "scenes/room", "--plots", "none");
        assertEquals(0, run.exit(), run.out() + run.err());
        assertTrue(run.out().contains("# truth: 3 calls x 3 nodes; 9 detections of calls, 0 false;"), run.out());
        double[] azimuth = new double[9];
        double[] metres = new double[3];
        int doas = 0;
        int locs = 0;
        for (Matcher m = ERROR.matcher(run.out()); m.find();) {
            double err = Double.parseDouble(m.group(2));
            if (m.group(1).equals("DOA")) {
                azimuth[doas++] = err;
            } else {
                metres[locs++] = err;
            }
        }
        assertEquals(9, doas, run.out());
        assertEquals(3, locs, run.out());
        Arrays.sort(azimuth);
        assertTrue(azimuth[4] <= 2.0, "median azimuth error " + azimuth[4] + ": " + run.out());
        assertTrue(azimuth[8] <= 5.0, "largest azimuth error " + azimuth[8] + ": " + run.out());
        for (double m : metres) {
            assertTrue(m <= 0.5, "location error " + m + " m: " + run.out());
        }
    }

    @Test
    void firstArrivalsBeatTheWholeSpansSpectrumInTheRoom() {
        double frames = medianAzimuthError(Run.of("--scene", "scenes/room", "--plots", "none"));
        double span = medianAzimuthError(Run.of("--scene", "scenes/room", "--plots", "none", "--doa-frame-ms", "0"));
        assertTrue(frames < span, "median azimuth error " + frames + " deg from first arrivals, " + span
                + " from the whole span");
    }

    @Test
    void overTheWholeSpanTheOnsetWindowBeatsAHannWindowInTheRoom() {
        double onset = medianAzimuthError(Run.of("--scene", "scenes/room", "--plots", "none", "--doa-frame-ms", "0"));
        double hann = medianAzimuthError(Run.of("--scene", "scenes/room", "--plots", "none", "--doa-frame-ms", "0",
                "--doa-decay-ms", "0"));
        assertTrue(onset < hann, "median azimuth error " + onset + " deg with the onset window, " + hann
                + " with Hann");
    }

    private static double medianAzimuthError(Run run) {
        assertEquals(0, run.exit(), run.out() + run.err());
        Matcher m = Pattern.compile("median azimuth error ([0-9.]+) deg").matcher(run.out());
        assertTrue(m.find(), run.out());
        return Double.parseDouble(m.group(1));
    }

    private static String readme() throws IOException {
        return Files.readString(Path.of("README.md"));
    }
}
