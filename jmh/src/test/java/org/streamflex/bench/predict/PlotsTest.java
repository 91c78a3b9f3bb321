package org.streamflex.bench.predict;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlotsTest {
    @TempDir
    Path dir;

    @Test
    void writesTheThreeFiguresAsPngFiles() throws Exception {
        ReleaseLog a = new ReleaseLog(100, 200_000);
        ReleaseLog b = new ReleaseLog(100, 200_000);
        for (int i = 0; i < 100; i++) {
            a.released(i, i * 200_000L + (i % 7) * 1000L, i * 200_000L + 20_000, false);
            b.released(i, i * 200_000L, i * 200_000L + (i == 50 ? 500_000 : 5_000), i == 50);
        }
        List<Path> files = Plots.write(dir, "t", "test", List.of(new Plots.Series("a", a), new Plots.Series("b", b)));
        assertEquals(List.of(dir.resolve("t-histogram.png"), dir.resolve("t-misses.png"),
                dir.resolve("t-interarrival.png")), files);
        byte[] png = {(byte) 0x89, 'P', 'N', 'G'};
        for (Path f : files) {
            assertArrayEquals(png, Arrays.copyOf(Files.readAllBytes(f), 4), f + " is a PNG");
        }
    }
}
