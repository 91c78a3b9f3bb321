package org.streamflex.bench.passchain;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * Baseline two, the "Java variant" of the StreamFlex and StreamIt papers: a source thread, ten
 * pass-through threads and the caller as the sink, linked by {@link ArrayBlockingQueue}s of boxed
 * integers.
 */
public final class QueuePassChain implements AutoCloseable {
    private final List<Thread> threads = new ArrayList<>();
    private final BlockingQueue<Integer> last;

    public QueuePassChain(int capacity) {
        BlockingQueue<Integer> first = new ArrayBlockingQueue<>(capacity);
        threads.add(new Thread(() -> {
            int next = 0;
            try {
                for (;;) {
                    first.put(next++);
                }
            } catch (InterruptedException e) {
                // closed
            }
        }, "abq-source"));
        BlockingQueue<Integer> in = first;
        for (int i = 0; i < PassChainGraph.STAGES; i++) {
            BlockingQueue<Integer> from = in;
            BlockingQueue<Integer> to = new ArrayBlockingQueue<>(capacity);
            threads.add(new Thread(() -> {
                try {
                    for (;;) {
                        to.put(from.take());
                    }
                } catch (InterruptedException e) {
                    // closed
                }
            }, "abq-pass-" + i));
            in = to;
        }
        last = in;
        threads.forEach(t -> {
            t.setDaemon(true);
            t.start();
        });
    }

    /** The next item out of the chain. */
    public int take() throws InterruptedException {
        return last.take();
    }

    @Override
    public void close() {
        threads.forEach(Thread::interrupt);
        try {
            for (Thread t : threads) {
                t.join();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // thrown from close(), it would be lost as a suppressed exception
        }
    }
}
