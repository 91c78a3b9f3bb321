package org.streamflex.bench.xstream;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The threads of one run of a conventional stream processor: one platform thread per operator,
 * {@link ArrayBlockingQueue}s between them, the calling thread as the sink. Operators end by
 * themselves once they have passed the end-of-stream marker on; if one throws, every other
 * operator and the caller are interrupted, and the caller gets the failure. {@link #close()} leaves
 * no thread behind in either case.
 *
 * <pre>{@code
 * ConventionalEngine engine = new ConventionalEngine("passchain");
 * try (engine) {
 *     BlockingQueue<Tuple> queue = engine.queue();
 *     engine.start("source", () -> { queue.put(new Sample(0, 0.5f)); queue.put(End.END); });
 *     ... take from queue until End.END ...
 *     engine.finish();
 * } catch (InterruptedException e) {
 *     throw engine.stopped(e);   // the operator's failure if there was one
 * }
 * }</pre>
 */
final class ConventionalEngine implements AutoCloseable {
    /** Each queue's capacity, as PASSCHAIN's queue baseline. */
    static final int QUEUE_CAPACITY = 1024;
    /** Every thread's name starts with this. */
    static final String THREAD_PREFIX = "xstream-conventional-";

    private final String name;
    private final Thread caller = Thread.currentThread();
    private final List<Thread> threads = new ArrayList<>();
    private final AtomicReference<Throwable> failure = new AtomicReference<>();

    ConventionalEngine(String name) {
        this.name = name;
    }

    /** An operator's body: it returns after it put the end marker on its outputs. */
    interface Operator {
        void run() throws InterruptedException;
    }

    /** A new queue between two operators. */
    <T> BlockingQueue<T> queue() {
        return new ArrayBlockingQueue<>(QUEUE_CAPACITY);
    }

    /** Starts {@code body} on a thread of its own. */
    void start(String operator, Operator body) {
        Thread thread = new Thread(() -> {
            try {
                body.run();
            } catch (InterruptedException e) {
                // stopped: another operator failed, or close() ran before the end of the stream
            } catch (Throwable e) {
                fail(e);
            }
        }, THREAD_PREFIX + name + "-" + operator);
        thread.setDaemon(true); // a bug must not keep the JVM alive; close() still joins it
        threads.add(thread);
        thread.start();
    }

    private void fail(Throwable e) {
        if (failure.compareAndSet(null, e)) {
            threads.forEach(Thread::interrupt);
            caller.interrupt();
        }
    }

    /**
     * Waits for every operator to end, after the sink took the end marker.
     *
     * @throws IllegalStateException if an operator failed
     */
    void finish() throws InterruptedException {
        for (Thread thread : threads) {
            thread.join();
        }
        throwFailure();
    }

    /**
     * What the caller does with an interrupt: throw the operator's failure if one caused it (the
     * interrupt it sent is cleared), else rethrow the interrupt, returned here.
     *
     * @throws IllegalStateException if an operator failed
     */
    InterruptedException stopped(InterruptedException interrupt) {
        throwFailure();
        return interrupt;
    }

    private void throwFailure() {
        Throwable failed = failure.get();
        if (failed != null) {
            Thread.interrupted();
            throw new IllegalStateException(name + ": an operator failed: " + failed, failed);
        }
    }

    /** The threads started, for tests that check they ended. */
    List<Thread> threads() {
        return List.copyOf(threads);
    }

    /** Interrupts whatever still runs and waits for all of it to end. */
    @Override
    public void close() {
        boolean interrupted = false;
        for (Thread thread : threads) {
            thread.interrupt();
        }
        for (Thread thread : threads) {
            while (thread.isAlive()) {
                try {
                    thread.join();
                } catch (InterruptedException e) {
                    interrupted = true; // finish joining first: a thread left running is a leak
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
