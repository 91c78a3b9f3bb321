package org.streamflex.bench.predict;

import java.util.concurrent.ThreadLocalRandom;

/**
 * A garbage-churning Java thread, the paper's disturbance: allocates arrays of 64 B to 32 KiB as
 * fast as it can and keeps a random 4096 of them alive, so that young collections have survivors
 * to copy. Stop it with {@link #close()}.
 */
public final class Churn implements AutoCloseable {
    private final Thread thread;
    private volatile boolean running = true;
    private volatile long allocatedBytes;

    public Churn() {
        thread = new Thread(this::run, "garbage-churn");
        thread.setDaemon(true);
        thread.start();
    }

    private void run() {
        byte[][] live = new byte[4096][];
        ThreadLocalRandom random = ThreadLocalRandom.current();
        long bytes = 0;
        while (running) {
            int size = 64 << random.nextInt(10);
            live[random.nextInt(live.length)] = new byte[size];
            bytes += size;
            if ((bytes & 0xFFFF) < size) {
                allocatedBytes = bytes;
            }
        }
        allocatedBytes = bytes;
    }

    /** Bytes allocated so far. */
    public long allocatedBytes() {
        return allocatedBytes;
    }

    @Override
    public void close() {
        running = false;
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // thrown from close(), it would be lost as a suppressed exception
        }
    }
}
