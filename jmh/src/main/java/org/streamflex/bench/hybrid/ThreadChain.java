package org.streamflex.bench.hybrid;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The paper's "OS thread" scheduler (section 5.2.1): a platform thread per filter, and one for the
 * source, linked by blocking queues of boxed doubles; the calling thread is the sink. The
 * operating system decides who runs; a thread whose queue is empty or full blocks until another
 * wakes it. Each run starts its threads and joins them; the time runs from the source's first put,
 * once every filter's thread has started, to the sink's last take.
 *
 * <pre>{@code
 * Variant.Run r = new ThreadChain(new Chain(8, 1, 10), Queues.ARRAY).run(1 << 16);
 * }</pre>
 */
public final class ThreadChain implements Variant {
    /** How long the sink waits for one item before it declares the run stuck. */
    static final long STUCK_SECONDS = 60;
    /** The bounded queues' capacity, as in PASSCHAIN's {@code arrayBlockingQueues} baseline. */
    static final int ARRAY_CAPACITY = 1024;

    /** Which queues link the threads. */
    public enum Queues {
        /** {@link ArrayBlockingQueue} of {@value #ARRAY_CAPACITY}: a full queue blocks its producer. */
        ARRAY,
        /** Unbounded {@link LinkedBlockingQueue}: producers never block, like the paper's growing queues. */
        LINKED;

        BlockingQueue<Double> make() {
            return this == ARRAY ? new ArrayBlockingQueue<>(ARRAY_CAPACITY) : new LinkedBlockingQueue<>();
        }
    }

    private final Chain chain;
    private final Queues queues;

    public ThreadChain(Chain chain, Queues queues) {
        this.chain = chain;
        this.queues = queues;
    }

    @Override
    public Chain chain() {
        return chain;
    }

    @Override
    public String toString() {
        return "ThreadChain[" + chain + ", " + queues + "]";
    }

    @Override
    public Run run(long items) throws InterruptedException {
        List<BlockingQueue<Double>> links = new ArrayList<>();
        for (int i = 0; i <= chain.filters(); i++) {
            links.add(queues.make());
        }
        AtomicReference<Throwable> failure = new AtomicReference<>();
        long[] firstNanos = new long[1];
        List<Thread> threads = new ArrayList<>();
        CountDownLatch started = new CountDownLatch(chain.filters());
        for (int i = 0; i < chain.filters(); i++) {
            BlockingQueue<Double> in = links.get(i);
            BlockingQueue<Double> out = links.get(i + 1);
            int units = chain.unitsPerFilter();
            int work = chain.work();
            threads.add(thread("hybrid-filter-" + i, failure, () -> {
                started.countDown();
                for (long k = 0; k < items; k++) {
                    out.put(WorkUnit.applyUnits(in.take(), units, work));
                }
            }));
        }
        BlockingQueue<Double> first = links.get(0);
        threads.add(thread("hybrid-source", failure, () -> {
            started.await(); // a thread's start-up is not the scheduling this measures
            firstNanos[0] = System.nanoTime();
            for (long k = 0; k < items; k++) {
                first.put((double) k);
            }
        }));
        threads.forEach(Thread::start);
        BlockingQueue<Double> last = links.get(chain.filters());
        double sum = 0;
        long lastNanos = 0;
        boolean finished = false;
        try {
            for (long k = 0; k < items; k++) {
                Double x = last.poll(STUCK_SECONDS, TimeUnit.SECONDS);
                if (x == null) {
                    throw new IllegalStateException("the sink waited " + STUCK_SECONDS + " s for item " + k + " of "
                            + items + (failure.get() != null ? ": a thread failed with " + failure.get() : ""),
                            failure.get());
                }
                sum += x;
            }
            lastNanos = System.nanoTime();
            finished = true;
        } finally {
            if (!finished) {
                threads.forEach(Thread::interrupt); // a stuck run must not leave threads behind
            }
            for (Thread t : threads) {
                t.join();
            }
        }
        if (failure.get() != null) {
            throw new IllegalStateException("a thread failed", failure.get());
        }
        return new Run(new Checksum(items, sum), lastNanos - firstNanos[0]); // join ordered firstNanos
    }

    /** A body that may block, interrupted only when the run is abandoned. */
    interface Body {
        void run() throws InterruptedException;
    }

    private static Thread thread(String name, AtomicReference<Throwable> failure, Body body) {
        Thread t = new Thread(() -> {
            try {
                body.run();
            } catch (InterruptedException e) {
                // the run was abandoned: the sink reports why
            } catch (RuntimeException | Error e) {
                failure.compareAndSet(null, e);
            }
        }, name);
        t.setDaemon(true);
        return t;
    }
}
