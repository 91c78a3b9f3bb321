package org.streamflex.samples.marmot;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The expected answers of a scene, {@code truth.csv}: lines {@code call,t_s,x_m,y_m}, the emission
 * time and source position of each call, read as {@link CsvFile} says (a header line, blank lines
 * and {@code #} comments skipped, quoted fields allowed). The command compares its {@code DOA}
 * and {@code LOC} lines with it when it is there.
 *
 * <pre>{@code
 * List<TrueCall> calls = Truth.read(scene.resolve(Truth.FILE));
 * }</pre>
 */
public final class Truth {
    /** The file name in a scene directory. */
    public static final String FILE = "truth.csv";

    private Truth() {
    }

    /**
     * Reads a truth file.
     *
     * @throws BadCsvException naming the file and line of a malformed line, or the file if it is missing
     */
    public static List<TrueCall> read(Path file) throws BadCsvException {
        List<TrueCall> calls = new ArrayList<>();
        for (CsvFile.Line line : CsvFile.read(file, "call,t_s,x_m,y_m")) {
            calls.add(new TrueCall(line.integer(0, "call"), line.number(1, "t_s"), line.number(2, "x_m"),
                    line.number(3, "y_m")));
        }
        return calls;
    }

    /** Writes {@code calls} to {@code file}, after {@code comment} lines (each prefixed with {@code #}). */
    public static void write(Path file, List<TrueCall> calls, List<String> comment) throws IOException {
        StringBuilder s = new StringBuilder();
        for (String c : comment) {
            s.append("# ").append(c).append('\n');
        }
        s.append("call,t_s,x_m,y_m\n");
        for (TrueCall c : calls) {
            s.append(String.format(Locale.ROOT, "%d,%.6f,%.4f,%.4f%n", c.index(), c.seconds(), c.x(), c.y()));
        }
        Files.writeString(file, s, StandardCharsets.UTF_8);
    }
}
