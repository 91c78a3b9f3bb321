package org.streamflex.bench.predict;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The garbage collections of one measured window: how many (from the collector MXBeans, which
 * count every collection) and the longest pause (from the JVM's own GC log, in microseconds,
 * because the MXBeans report whole milliseconds). The JVM must run with {@link #LOG_OPTION}
 * pointing at the file given to {@link #close(Path)}.
 */
public final class GcWindow {
    /** {@code -Xlog} option that makes the log this class reads; append the file name. */
    public static final String LOG_OPTION = "-Xlog:gc,gc+phases=info:file=";
    public static final String LOG_DECORATION = ":uptime";
    /**
     * A pause line. G1: "[1.234s] GC(3) Pause Young (Normal) (G1 Evacuation Pause) 24M->3M(64M) 2.345ms";
     * ZGC: "... y: Pause Mark Start 0.010ms".
     */
    private static final Pattern PAUSE = Pattern.compile("^\\[(\\d+\\.\\d+)s\\].*\\bPause\\b.*?(\\d+\\.\\d+)ms$");

    private final long countBefore;
    private final double startSeconds;

    private GcWindow() {
        countBefore = collections();
        startSeconds = ManagementFactory.getRuntimeMXBean().getUptime() / 1000.0;
    }

    public static GcWindow open() {
        return new GcWindow();
    }

    /**
     * What the collectors did while the window was open.
     *
     * @param collections collections in the window
     * @param pauses pauses logged in the window
     * @param maxPauseMicros the longest, 0 if none
     */
    public record Result(long collections, long pauses, double maxPauseMicros) {
    }

    /** Closes the window; reads pauses from {@code gcLog} if it exists. */
    public Result close(Path gcLog) {
        long collections = collections() - countBefore;
        double endSeconds = ManagementFactory.getRuntimeMXBean().getUptime() / 1000.0 + 0.001;
        long pauses = 0;
        double max = 0;
        if (gcLog != null && Files.exists(gcLog)) {
            try {
                double[] found = pausesIn(Files.readAllLines(gcLog), startSeconds, endSeconds);
                pauses = (long) found[0];
                max = found[1];
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read GC log " + gcLog, e);
            }
        }
        return new Result(collections, pauses, max);
    }

    /**
     * The pauses logged between uptimes {@code from} and {@code to} (seconds).
     *
     * @return {count, longest in microseconds}
     */
    static double[] pausesIn(List<String> lines, double from, double to) {
        long pauses = 0;
        double max = 0;
        for (String line : lines) {
            Matcher m = PAUSE.matcher(line.strip());
            if (m.matches()) {
                double at = Double.parseDouble(m.group(1));
                if (at >= from && at <= to) {
                    pauses++;
                    max = Math.max(max, Double.parseDouble(m.group(2)) * 1000);
                }
            }
        }
        return new double[] {pauses, max};
    }

    private static long collections() {
        long sum = 0;
        for (GarbageCollectorMXBean bean : ManagementFactory.getGarbageCollectorMXBeans()) {
            sum += Math.max(0, bean.getCollectionCount());
        }
        return sum;
    }
}
