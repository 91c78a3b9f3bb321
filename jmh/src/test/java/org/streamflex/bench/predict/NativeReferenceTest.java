package org.streamflex.bench.predict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The C loop against the Java release rule: every line it writes is checked by {@link
 * ReleaseLog#readNative} (miss flag and next boundary). Needs a C compiler, as the harness does.
 */
class NativeReferenceTest {
    @TempDir
    Path dir;

    @Test
    void theNativeLoopFollowsTheSameReleaseRule() throws Exception {
        NativeReference c = NativeReference.build(dir);
        assumeTrue(c != null, "no C compiler: the harness skips the native reference too");
        // 300 us of work at a 200 us period: every release misses and skips a boundary.
        NativeReference.Run run = c.run(200, 300, 50, 20, 0, -1, dir.resolve("native.csv"));
        assertEquals(50, run.log().size());
        RunStats stats = RunStats.of(run.log());
        assertEquals(50, stats.misses());
        assertTrue(stats.skipped() >= 49, "each overrun skips at least one boundary: " + stats.skipped());
        assertTrue(run.description().startsWith("native: SCHED_OTHER priority 0, cpu any"), run.description());
    }
}
