package org.streamflex.bench.predict;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The machine's own limit: the same periodic loop as a StreamFlex clock written in C ({@code
 * periodic.c}, bundled), built with the system's {@code cc} and run as a child process. Absent
 * without a C compiler: the harness then reports the Java runs alone.
 */
public final class NativeReference {
    private final Path binary;

    private NativeReference(Path binary) {
        this.binary = binary;
    }

    /** Builds the program into {@code dir}; null (with the reason printed) if there is no {@code cc}. */
    public static NativeReference build(Path dir) throws IOException, InterruptedException {
        Path source = dir.resolve("periodic.c");
        try (InputStream in = NativeReference.class.getResourceAsStream("periodic.c")) {
            if (in == null) {
                throw new IllegalStateException("periodic.c is missing from the benchmark jar");
            }
            Files.copy(in, source, StandardCopyOption.REPLACE_EXISTING);
        }
        Path binary = dir.resolve("periodic");
        Process cc;
        try {
            cc = new ProcessBuilder("cc", "-O2", "-o", binary.toString(), source.toString())
                    .redirectErrorStream(true).start();
        } catch (IOException noCompiler) {
            System.out.println("native reference skipped: no C compiler 'cc' (" + noCompiler.getMessage() + ")");
            return null;
        }
        String output = new String(cc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (cc.waitFor() != 0) {
            System.out.println("native reference skipped: cc failed:\n" + output);
            return null;
        }
        return new NativeReference(binary);
    }

    /**
     * A run of the C loop.
     *
     * @param description the policy it ran under, as it printed
     */
    public record Run(ReleaseLog log, String description) {
    }

    /** Runs {@code periods} periods with {@code workMicros} of calibrated work per release. */
    public Run run(int periodMicros, int workMicros, int periods, int spinMicros, int priority, int cpu, Path csv)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(binary.toString(), Integer.toString(periodMicros),
                Integer.toString(workMicros), Integer.toString(periods), Integer.toString(spinMicros),
                Integer.toString(priority), Integer.toString(cpu), csv.toString()));
        Process p = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        if (!p.waitFor(periods * (long) periodMicros * 20 + 60_000_000L, TimeUnit.MICROSECONDS)) {
            p.destroyForcibly();
            throw new IllegalStateException("native reference did not finish: " + command);
        }
        if (p.exitValue() != 0) {
            throw new UncheckedIOException(new IOException("native reference failed (" + p.exitValue() + "): " + err));
        }
        return new Run(ReleaseLog.readNative(csv, periodMicros * 1000L), err);
    }
}
