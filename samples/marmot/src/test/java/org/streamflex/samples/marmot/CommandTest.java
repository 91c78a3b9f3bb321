package org.streamflex.samples.marmot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CommandTest {
    @TempDir
    Path dir;

    @Test
    void theBundledSceneGivesTheTruthsDirectionsAndLocationsAndPlots() throws Exception {
        Run run = Run.of("--scene", "scenes/small", "--plots", dir.toString());
        assertEquals(0, run.exit(), run.out() + run.err());
        double cell = Double.parseDouble(run.out().replaceAll("(?s).*grid cell (\\d+\\.\\d+) m.*", "$1"));
        CommandOutput.assertMatchesTheBundledTruth(run.out(), cell);
        assertTrue(run.out().contains("# bytes per detection: 388 (DOA vector)"), run.out());
        List<Path> pngs;
        try (Stream<Path> files = Files.list(dir)) {
            pngs = files.sorted().toList();
        }
        assertEquals(3 + 6 + 2, pngs.size(), pngs.toString());
        for (Path png : pngs) {
            BufferedImage image = ImageIO.read(png.toFile());
            assertTrue(image.getWidth() > 300 && image.getHeight() > 300, png.toString());
        }
        assertTrue(Files.exists(dir.resolve("scores-A.png")) && Files.exists(dir.resolve("map-001.png")));
    }

    @Test
    void aWrongCommandLineExitsWith2AndSaysWhy() {
        Run run = Run.of("--scene", "scenes/small", "--beta", "x");
        assertEquals(2, run.exit());
        assertTrue(run.err().contains("--beta: \"x\" is not a number"), run.err());
        assertEquals(2, Run.of("--scene", "scenes/small", "--bogus", "1").exit());
        assertEquals(2, Run.of("--band", "8000:2000", "--scene", "scenes/small").exit());
        assertEquals(2, Run.of().exit());
        assertEquals(0, Run.of("--help").exit());
    }

    @Test
    void anUnreadableDeploymentExitsWith3NamingTheFile() throws Exception {
        Files.writeString(dir.resolve("nodes.csv"), "A,1,2\n");
        Files.writeString(dir.resolve("mics.csv"), "A,1,0,0\n");
        Run run = Run.of("--scene", dir.toString(), "--plots", "none");
        assertEquals(3, run.exit());
        assertTrue(run.err().contains(dir.resolve("nodes.csv") + " line 1"), run.err());
    }

    @Test
    void aSixteenKilohertzSceneIsLocatedWithTheDefaultBand() throws Exception {
        Path scene = dir.resolve("16k");
        Run made = Run.of("generate", "--out", scene.toString(), "--seed", "5", "--nodes", "3", "--radius", "15",
                "--calls", "2", "--seconds", "3", "--rate", "16000", "--call-band", "2000:3900");
        assertEquals(0, made.exit(), made.out() + made.err());
        Run run = Run.of("--scene", scene.toString(), "--plots", "none");
        assertEquals(0, run.exit(), run.out() + run.err());
        assertTrue(run.out().contains("; 6 detections of calls, 0 false; median azimuth error"), run.out());
        assertTrue(run.out().contains("# locations: 2 of 2 calls, median error"), run.out());
    }

    @Test
    void aBandHoldingNoBinOfTheDetectorExitsWith2NamingTheBins() {
        Run run = Run.of("--scene", "scenes/small", "--plots", "none", "--band", "3000:3100");
        assertEquals(2, run.exit(), run.out() + run.err());
        assertTrue(run.err().contains("node A: the band 3000:3100 Hz holds no bin of the detector's 32-point spectrum"
                + " at 44100 Hz sampling"), run.err());
        assertTrue(run.err().contains("it lies between the bins at 2756 and 4134 Hz"), run.err());
    }

    @Test
    void aRunThatDetectsNothingSaysSoWithoutNotANumber() {
        Run run = Run.of("--scene", "scenes/small", "--plots", "none", "--beta", "100");
        assertEquals(0, run.exit(), run.out() + run.err());
        assertTrue(run.out().contains("# truth: 2 calls x 3 nodes; 0 detections of calls, 0 false\n"), run.out());
        assertTrue(run.out().contains("# locations: 0 of 2 calls (grid cell"), run.out());
        assertTrue(!run.out().contains("NaN"), run.out());
    }
}
