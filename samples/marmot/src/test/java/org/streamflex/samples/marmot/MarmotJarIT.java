package org.streamflex.samples.marmot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The runnable jar as a user runs it, in its own JVM, after {@code package}. */
class MarmotJarIT {
    @TempDir
    Path dir;

    @Test
    void theRunnableJarLocatesTheBundledScenesCalls() throws Exception {
        Path jar = Path.of("target/streamflex-marmot.jar");
        assertTrue(Files.isRegularFile(jar), "package builds " + jar);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Path out = dir.resolve("out.txt");
        Path err = dir.resolve("err.txt");
        Process p = new ProcessBuilder(java, "-jar", jar.toString(), "--scene", "scenes" + File.separator + "small",
                "--plots", dir.resolve("plots").toString())
                .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), "the jar did not finish");
        String o = Files.readString(out, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), o + Files.readString(err, StandardCharsets.UTF_8));
        double cell = Double.parseDouble(o.replaceAll("(?s).*grid cell (\\d+\\.\\d+) m.*", "$1"));
        CommandOutput.assertMatchesTheBundledTruth(o, cell);
        assertTrue(Files.exists(dir.resolve("plots/map-001.png")));
    }
}
