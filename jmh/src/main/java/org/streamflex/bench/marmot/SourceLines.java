package org.streamflex.bench.marmot;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Lines of code as the marmot comparison counts them: lines that hold code, not blank, not a
 * comment ({@code //}, or inside a {@code /* ... *}{@code /} or Javadoc block), not a
 * {@code package} or {@code import} line, not an annotation alone on its line. Library code (the
 * DSP library's operators, the runtime) is left out, as the WaveScript paper left out its library.
 *
 * <pre>{@code
 * int n = SourceLines.count(Path.of("samples/marmot/src/main/java/org/streamflex/samples/marmot/MarmotDoa.java"));
 * }</pre>
 */
public final class SourceLines {
    private SourceLines() {
    }

    /** The code lines of {@code file}. */
    public static int count(Path file) throws IOException {
        return count(Files.readAllLines(file));
    }

    /** The code lines of {@code lines}. */
    static int count(List<String> lines) {
        int n = 0;
        boolean inComment = false;
        for (String raw : lines) {
            String line = raw.strip();
            if (inComment) {
                int end = line.indexOf("*/");
                if (end < 0) {
                    continue;
                }
                inComment = false;
                line = line.substring(end + 2).strip();
            }
            if (line.startsWith("/*")) {
                int end = line.indexOf("*/", 2);
                if (end < 0) {
                    inComment = true;
                    continue;
                }
                line = line.substring(end + 2).strip();
            }
            if (line.isEmpty() || line.startsWith("//") || line.startsWith("package ") || line.startsWith("import ")
                    || (line.startsWith("@") && !line.contains(" "))) {
                continue;
            }
            n++;
        }
        return n;
    }
}
