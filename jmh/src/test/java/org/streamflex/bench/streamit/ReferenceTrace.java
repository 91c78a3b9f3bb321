package org.streamflex.bench.streamit;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.zip.GZIPInputStream;

/**
 * The StreamIt library's output traces, bundled in the test resources (streamit/NAME.gz; their
 * provenance is in jmh/README.md), as numbers.
 */
final class ReferenceTrace {
    private ReferenceTrace() {
    }

    /** The trace {@code name} from the test resources: the repository alone runs the tests. */
    static float[] load(String name) throws IOException {
        try (InputStream in = ReferenceTrace.class.getResourceAsStream("/streamit/" + name + ".gz")) {
            if (in == null) {
                fail("reference trace " + name + ".gz is not in jmh/src/test/resources/streamit");
            }
            String text = new String(new GZIPInputStream(in).readAllBytes(), StandardCharsets.US_ASCII);
            return parse(text.lines().toList());
        }
    }

    private static float[] parse(List<String> lines) {
        float[] values = new float[lines.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = Float.parseFloat(lines.get(i).strip());
        }
        return values;
    }

    /**
     * Runs {@code graph}, {@code batch} steady-state iterations per release, for whole releases
     * covering the trace, and checks the first values {@code printer} received against it.
     */
    static void assertGraphMatches(String trace, org.streamflex.StreamFlexGraph graph, FloatPrinter printer,
            int outputsPerIteration, int batch) throws IOException {
        float[] expected = load(trace);
        int perRelease = outputsPerIteration * batch;
        int releases = (expected.length + perRelease - 1) / perRelease;
        org.streamflex.runtime.GraphDriver.of(graph).run(releases);
        org.junit.jupiter.api.Assertions.assertEquals((long) releases * perRelease, printer.count(),
                batch + " steady states of " + outputsPerIteration + " outputs per release");
        int bad = firstMismatch(expected, printer);
        org.junit.jupiter.api.Assertions.assertEquals(-1, bad,
                () -> "output " + bad + ": expected " + expected[bad] + ", got " + printer.value(bad));
    }

    /**
     * Index of the first value of {@code printer} that differs from {@code expected} by more than 1e-5
     * (absolute or relative), or -1.
     */
    static int firstMismatch(float[] expected, FloatPrinter printer) {
        for (int i = 0; i < expected.length; i++) {
            float got = printer.value(i);
            float want = expected[i];
            double diff = Math.abs((double) got - want);
            if (diff > 1e-5 && diff > 1e-5 * Math.abs((double) want)) {
                return i;
            }
        }
        return -1;
    }
}
