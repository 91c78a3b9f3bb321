package org.streamflex.samples.ids;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/** One run of the IDS's command line, in process: its exit code, what it printed, and its report by line. */
record Run(int exit, String out, String err) {
    static Run of(String... args) throws InterruptedException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = IdsMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** Parses report lines ("  label   value") of any output: label to value. */
    static Map<String, String> report(String output) {
        Map<String, String> lines = new LinkedHashMap<>();
        for (String line : output.split("\n", -1)) {
            if (line.startsWith("  ") && !line.startsWith("  ...") && line.length() > 22) {
                lines.put(line.substring(2, 21).trim(), line.substring(22));
            }
        }
        return lines;
    }

    Map<String, String> report() {
        return report(out);
    }

    /** The report's lines that describe the traffic, not the file or the run's speed. */
    static Map<String, String> analysis(Map<String, String> report) {
        Map<String, String> kept = new LinkedHashMap<>(report);
        for (String label : new String[] {"packets analyzed", "capture", "channel drops", "analysis rate"}) {
            kept.remove(label);
        }
        kept.put("packets", report.get("packets analyzed").replaceAll(" \\(.*", ""));
        return kept;
    }
}
