package org.streamflex.runtime.schedule;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * One thread's time on a CPU and its time waiting for one (the run delay: runnable, but another
 * thread had the CPU), as Linux counts them in {@code /proc/thread-self/schedstat}. A worker reads
 * its own ({@link ContentionWatch}) to tell a CPU that another process shares from one it has to
 * itself: a thread that waits for a collection, a lock or a park is not runnable, so only a
 * competitor for the CPU makes it wait here. The file is opened once, by the thread it describes,
 * and read again from its start into the same buffer: no allocation per read. Where it cannot be
 * opened (not Linux, a kernel without scheduler statistics) the delay is unknown and nothing is
 * moved for it.
 *
 * <pre>{@code
 * RunDelay delay = RunDelay.ofThisThread();
 * if (delay.read()) {
 *     long ran = delay.runNanos(), waited = delay.waitNanos();
 * }
 * }</pre>
 */
final class RunDelay implements AutoCloseable {
    static final Path SCHEDSTAT = Path.of("/proc/thread-self/schedstat");

    private final FileChannel file;
    /** "run_ns wait_ns timeslices\n": three decimal numbers, under 64 bytes. */
    private final ByteBuffer text = ByteBuffer.allocate(64);
    private long run;
    private long waited;

    private RunDelay(FileChannel file) {
        this.file = file;
    }

    /** The calling thread's statistics; {@link #available()} false where they cannot be read. */
    static RunDelay ofThisThread() {
        return of(SCHEDSTAT);
    }

    /** The statistics in {@code file}, a schedstat file; {@link #available()} false if it cannot be read. */
    static RunDelay of(Path schedstat) {
        try {
            RunDelay d = new RunDelay(FileChannel.open(schedstat, StandardOpenOption.READ));
            if (d.read()) {
                return d;
            }
            d.close();
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            // not Linux, or no scheduler statistics: unknown
        }
        return new RunDelay(null);
    }

    boolean available() {
        return file != null;
    }

    /**
     * Reads the file again; on the thread it was opened by.
     *
     * @return false if it could not be read or parsed (the last values stay)
     */
    boolean read() {
        if (file == null) {
            return false;
        }
        text.clear();
        try {
            // procfs hands the whole line to one read; a short read goes on from where it ended.
            int n;
            do {
                n = file.read(text, text.position());
            } while (n > 0 && text.hasRemaining());
        } catch (IOException e) {
            return false;
        }
        int end = text.position();
        int afterFirst = skipNumber(0, end);
        if (afterFirst < 0 || afterFirst >= end || text.get(afterFirst) != ' ') {
            return false;
        }
        int afterSecond = skipNumber(afterFirst + 1, end);
        if (afterSecond < 0) {
            return false;
        }
        run = number(0, afterFirst);
        waited = number(afterFirst + 1, afterSecond);
        return true;
    }

    /** Where the decimal number at {@code from} ends, or -1 if there is none or it may not fit a long. */
    private int skipNumber(int from, int end) {
        int at = from;
        while (at < end && text.get(at) >= '0' && text.get(at) <= '9') {
            at++;
        }
        return at == from || at - from > 18 ? -1 : at;
    }

    /** The digits from {@code from} to {@code to}, as {@link #skipNumber} found them. */
    private long number(int from, int to) {
        long n = 0;
        for (int at = from; at < to; at++) {
            n = n * 10 + (text.get(at) - '0');
        }
        return n;
    }

    /** Nanoseconds the thread has run on a CPU, as of the last {@link #read()}. */
    long runNanos() {
        return run;
    }

    /** Nanoseconds the thread was runnable but waited for a CPU, as of the last {@link #read()}. */
    long waitNanos() {
        return waited;
    }

    @Override
    public void close() {
        if (file != null) {
            try {
                file.close();
            } catch (IOException e) {
                // nothing was written: nothing to lose
            }
        }
    }
}
