package org.streamflex.runtime.graph;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.BitSet;

/** Linux's own account of the calling thread's CPUs, from {@code /proc}: not through the calls under test. */
public final class ThreadCpus {
    private ThreadCpus() {
    }

    /** The calling thread's {@code Cpus_allowed_list}, as Linux writes it ("0-3,6"). */
    @SuppressWarnings("StreamFlex:D4") // a test's probe called from a test filter: it reads a file
    public static String allowedList() {
        try {
            return Files.readAllLines(Path.of("/proc/thread-self/status")).stream()
                    .filter(l -> l.startsWith("Cpus_allowed_list:")).findFirst()
                    .orElseThrow(() -> new IOException("no Cpus_allowed_list in /proc/thread-self/status"))
                    .substring("Cpus_allowed_list:".length()).strip();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The calling thread's CPUs. */
    public static BitSet allowed() {
        BitSet set = new BitSet();
        for (String part : allowedList().split(",", -1)) {
            int dash = part.indexOf('-');
            int from = Integer.parseInt(dash < 0 ? part : part.substring(0, dash));
            set.set(from, (dash < 0 ? from : Integer.parseInt(part.substring(dash + 1))) + 1);
        }
        return set;
    }
}
