package org.streamflex.bench.predict;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.streamflex.runtime.clock.ReleaseObserver;
import org.streamflex.runtime.clock.ReleaseRule;

/**
 * Every release of one run: boundary, start and completion, in arrays sized before the run, so
 * that recording allocates nothing on the clock thread. Releases beyond the capacity are not
 * stored: runs stop when the log {@link #isFull()}.
 */
public final class ReleaseLog implements ReleaseObserver {
    final long[] boundary;
    final long[] start;
    final long[] completion;
    final long periodNanos;
    private volatile int size;

    public ReleaseLog(int capacity, long periodNanos) {
        this.boundary = new long[capacity];
        this.start = new long[capacity];
        this.completion = new long[capacity];
        this.periodNanos = periodNanos;
    }

    @Override
    public void released(long boundary, long startNanos, long completionNanos, boolean missed) {
        int i = size;
        if (i == this.boundary.length) {
            return;
        }
        this.boundary[i] = boundary;
        this.start[i] = startNanos;
        this.completion[i] = completionNanos;
        size = i + 1;
    }

    public int size() {
        return size;
    }

    public boolean isFull() {
        return size == boundary.length;
    }

    /** Release i missed its deadline, by the paper's rule. */
    public boolean missed(int i) {
        return completion[i] > deadline(i);
    }

    public long deadline(int i) {
        return (boundary[i] + 1) * periodNanos;
    }

    /** Start of release i minus start of release i - 1; i >= 1. */
    public long interArrival(int i) {
        return start[i] - start[i - 1];
    }

    /** Writes {@code release,boundary,start_ns,completion_ns,inter_arrival_ns,missed,late_ns}. */
    public void writeCsv(Path file) {
        try (BufferedWriter w = Files.newBufferedWriter(file)) {
            w.write("release,boundary,start_ns,completion_ns,inter_arrival_ns,missed,late_ns\n");
            for (int i = 0; i < size; i++) {
                boolean missed = missed(i);
                w.write(i + "," + boundary[i] + "," + start[i] + "," + completion[i] + ","
                        + (i == 0 ? "" : interArrival(i)) + "," + (missed ? 1 : 0) + ","
                        + (missed ? completion[i] - deadline(i) : 0) + "\n");
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    /** Reads the native reference's {@code boundary,start_ns,completion_ns,missed} lines. */
    public static ReleaseLog readNative(Path file, long periodNanos) {
        try {
            List<String> lines = Files.readAllLines(file);
            ReleaseLog log = new ReleaseLog(lines.size(), periodNanos);
            int n = 0;
            for (String line : lines) {
                n++;
                String[] f = line.split(",", -1);
                if (f.length != 4) {
                    throw new IllegalArgumentException(file + " line " + n + ": expected 4 fields, got '" + line + "'");
                }
                log.released(Long.parseLong(f[0]), Long.parseLong(f[1]), Long.parseLong(f[2]), f[3].equals("1"));
                int i = log.size() - 1;
                if (log.missed(i) != f[3].equals("1")) {
                    throw new IllegalStateException(file + " line " + n + ": the C loop says missed=" + f[3]
                            + " but the paper's rule says " + log.missed(i) + ": the two loops disagree");
                }
                if (i > 0 && log.boundary[i] != ReleaseRule.nextBoundary(log.boundary[i - 1], log.completion[i - 1],
                        periodNanos)) {
                    throw new IllegalStateException(file + " line " + n + ": boundary " + log.boundary[i]
                            + " is not the release rule's next boundary after line " + (n - 1));
                }
            }
            return log;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    /** Reads back what {@link #writeCsv} wrote. */
    public static ReleaseLog readCsv(Path file, long periodNanos) {
        try {
            List<String> lines = Files.readAllLines(file);
            ReleaseLog log = new ReleaseLog(lines.size() - 1, periodNanos);
            for (int n = 1; n < lines.size(); n++) {
                String[] f = lines.get(n).split(",", -1);
                log.released(Long.parseLong(f[1]), Long.parseLong(f[2]), Long.parseLong(f[3]), f[5].equals("1"));
            }
            return log;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }
}
