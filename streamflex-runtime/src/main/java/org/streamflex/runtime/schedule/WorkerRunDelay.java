package org.streamflex.runtime.schedule;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * How long the calling thread has waited, runnable, for a CPU: the kernel's run delay, the second
 * field of {@code /proc/thread-self/schedstat} (nanoseconds since the thread started). A worker
 * pinned to a CPU that another process also wants waits there even while another CPU idles; this
 * is how it notices. Opened on the worker's own thread ({@code thread-self} is the opener); each
 * read reuses one buffer and allocates nothing.
 *
 * <pre>{@code
 * WorkerRunDelay delay = WorkerRunDelay.open();   // null where the kernel does not say
 * long waited = delay.nanos();                     // -1 if a read failed
 * }</pre>
 */
final class WorkerRunDelay implements AutoCloseable {
    private static final Path SCHEDSTAT = Path.of("/proc/thread-self/schedstat");

    private final FileChannel file;
    private final ByteBuffer buffer = ByteBuffer.allocateDirect(96);

    private WorkerRunDelay(FileChannel file) {
        this.file = file;
    }

    /** The calling thread's run delay, or null where {@code /proc/thread-self/schedstat} cannot be read. */
    static WorkerRunDelay open() {
        try {
            WorkerRunDelay d = new WorkerRunDelay(FileChannel.open(SCHEDSTAT, StandardOpenOption.READ));
            if (d.nanos() < 0) {
                d.close();
                return null;
            }
            return d;
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return null;
        }
    }

    /** Nanoseconds the thread has waited for a CPU while runnable, so far; -1 if the file could not be read. */
    long nanos() {
        buffer.clear();
        try {
            while (file.read(buffer, buffer.position()) > 0 && buffer.hasRemaining()) {
                // a proc file is read whole in one call; the loop only guards a short read
            }
        } catch (IOException e) {
            return -1;
        }
        return secondField(buffer, buffer.position());
    }

    /** The second space-separated decimal field of {@code bytes[0, length)}, or -1. */
    static long secondField(ByteBuffer bytes, int length) {
        int i = 0;
        while (i < length && bytes.get(i) != ' ') {
            i++;
        }
        i++;
        long value = 0;
        int digits = 0;
        for (; i < length; i++, digits++) {
            int b = bytes.get(i) - '0';
            if (b < 0 || b > 9) {
                break;
            }
            value = value * 10 + b;
        }
        return digits == 0 ? -1 : value;
    }

    @Override
    public void close() {
        try {
            file.close();
        } catch (IOException e) {
            // nothing was written; a failed close of a proc file loses nothing
        }
    }
}
