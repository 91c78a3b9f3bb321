package org.streamflex.samples.marmot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A node of a split run asked for {@code --plots} draws its own score plot, with its detector's detections. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class NodeScorePlotTest {
    /** The fill of a detection's range on a score plot ({@code Plots.scores}). */
    private static final int SHADE = 0xFFE6C8;

    @Test
    void aNodeAskedForPlotsWritesItsScorePlotWithItsDetectionsShaded(@TempDir Path dir) throws Exception {
        OneNodeScene.write(dir, "B");
        Files.copy(Path.of("scenes", "small", "node-B.wav"), dir.resolve("node-B.wav"));
        OneNodeScene.Server server = OneNodeScene.server(dir, 100);
        Path plots = dir.resolve("node-plots");
        Run node = Run.of("--site", "node", "--node", "B", "--scene", dir.toString(), "--server", server.address(),
                "--speed", "20", "--timeout", "60", "--plots", plots.toString());
        assertEquals(ExitCode.OK.code(), node.exit(), node.out() + node.err());
        assertTrue(node.out().contains("# plots: 1 PNG file in " + plots.toAbsolutePath()), node.out());
        Matcher sent = Pattern.compile("(\\d+) detections and").matcher(node.out());
        assertTrue(sent.find(), node.out());
        int detections = Integer.parseInt(sent.group(1));
        assertTrue(detections > 0, "node B hears the scene's calls: " + node.out());

        BufferedImage image = ImageIO.read(plots.resolve("scores-B.png").toFile());
        assertEquals(1200, image.getWidth());
        // Each detection is a shaded band across the plot: count the bands along one row.
        int y = image.getHeight() / 2;
        int bands = 0;
        boolean inBand = false;
        for (int x = 0; x < image.getWidth(); x++) {
            boolean shaded = (image.getRGB(x, y) & 0xFFFFFF) == SHADE;
            if (shaded && !inBand) {
                bands++;
            }
            inBand = shaded || (inBand && (image.getRGB(x, y) & 0xFFFFFF) != 0xFFFFFF);
        }
        assertTrue(bands >= 1 && bands <= detections, bands + " shaded bands for " + detections + " detections");

        // The score recorder changes how the detector runs, not what it finds: the server gets every detection.
        Run ended = server.run().get(90, TimeUnit.SECONDS);
        assertEquals(ExitCode.OK.code(), ended.exit(), ended.out() + ended.err());
        assertEquals(detections, ended.out().lines().filter(l -> l.startsWith("DOA node=B ")).count(), ended.out());
    }

    @Test
    void aNodeWritesNoPlotUnlessAsked(@TempDir Path dir) throws Exception {
        OneNodeScene.write(dir, "B");
        Files.copy(Path.of("scenes", "small", "node-B.wav"), dir.resolve("node-B.wav"));
        OneNodeScene.Server server = OneNodeScene.server(dir, 100);
        Path cwdPlots = Path.of("marmot-plots", "scores-B.png");
        boolean before = Files.exists(cwdPlots);
        Run node = Run.of("--site", "node", "--node", "B", "--scene", dir.toString(), "--server", server.address(),
                "--speed", "20", "--timeout", "60");
        assertEquals(ExitCode.OK.code(), node.exit(), node.out() + node.err());
        assertTrue(!node.out().contains("# plots"), node.out());
        assertEquals(before, Files.exists(cwdPlots), "no score plot in the default directory");
        assertEquals(ExitCode.OK.code(), server.run().get(90, TimeUnit.SECONDS).exit());
    }
}
