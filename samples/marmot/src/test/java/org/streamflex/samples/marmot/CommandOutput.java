package org.streamflex.samples.marmot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Test helper: checks the command's DOA and LOC lines against the bundled scene's truth.csv, read independently. */
final class CommandOutput {
    static final Pattern DOA = Pattern.compile("DOA node=(\\w+) t=(\\d+\\.\\d{4}) az=(\\d+\\.\\d) .*");
    static final Pattern LOC = Pattern.compile("LOC t=(\\d+\\.\\d{4}) x=(-?\\d+\\.\\d{2}) y=(-?\\d+\\.\\d{2}) .*");

    private CommandOutput() {
    }

    /** Every call of the bundled scene located within one grid cell and heard by each node within 2 degrees. */
    static void assertMatchesTheBundledTruth(String out, double cell) {
        // truth.csv of scenes/small, and its deployment: each node's true azimuth worked out here by hand-written trig.
        double[][] calls = {{0.906355, 3.4286, -2.1248}, {1.350600, 0.2163, 7.8025}};
        String[] ids = {"A", "B", "C"};
        double[][] nodes = {{-2.8143, 10.0266, 181.6}, {-7.5070, -6.8400, 36.1}, {9.5039, 0.5768, 344.6}};
        List<String> lines = out.lines().toList();
        int doa = 0;
        for (String line : lines) {
            Matcher m = DOA.matcher(line);
            if (!m.matches()) {
                continue;
            }
            doa++;
            int k = List.of(ids).indexOf(m.group(1));
            double t = Double.parseDouble(m.group(2));
            double az = Double.parseDouble(m.group(3));
            double[] call = Math.abs(t - calls[0][0]) < Math.abs(t - calls[1][0]) ? calls[0] : calls[1];
            double arrival = call[0] + Math.hypot(call[1] - nodes[k][0], call[2] - nodes[k][1]) / 343;
            assertTrue(Math.abs(t - arrival) < 0.05 + 32 / 44_100.0, line + " arrival " + arrival);
            double truth = Math.toDegrees(Math.atan2(call[2] - nodes[k][1], call[1] - nodes[k][0])) - nodes[k][2];
            assertTrue(Angles.difference(az, truth) <= 2, line + " true azimuth " + Angles.wrap360(truth));
        }
        assertEquals(6, doa, out);
        int loc = 0;
        for (double[] call : calls) {
            boolean found = false;
            for (String line : lines) {
                Matcher m = LOC.matcher(line);
                if (m.matches() && Math.abs(Double.parseDouble(m.group(1)) - call[0]) < 0.1) {
                    found = true;
                    loc++;
                    assertTrue(Math.abs(Double.parseDouble(m.group(2)) - call[1]) <= cell
                            && Math.abs(Double.parseDouble(m.group(3)) - call[2]) <= cell, line);
                }
            }
            assertTrue(found, "call at " + call[0] + " s not located:\n" + out);
        }
        assertEquals(2, loc, out);
    }
}
