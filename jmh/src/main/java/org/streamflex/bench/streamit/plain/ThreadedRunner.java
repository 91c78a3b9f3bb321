package org.streamflex.bench.streamit.plain;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.Semaphore;

/**
 * Baseline (a), the papers' "Java variant": every node on a thread of its own, connected by
 * {@code ArrayBlockingQueue<Float>}s. A node's input keeps a small window of items taken from its
 * queue so that it can peek. Sources fire when given permits; {@link #run(int)} gives each source
 * its firings for the iterations and waits for the sink's outputs.
 */
public final class ThreadedRunner implements AutoCloseable {
    static final int QUEUE_CAPACITY = 1024;

    private static final class QueueIn implements In {
        final ArrayBlockingQueue<Float> queue = new ArrayBlockingQueue<>(QUEUE_CAPACITY);
        private final ArrayDeque<Float> window = new ArrayDeque<>();

        private void fill(int n) {
            try {
                while (window.size() < n) {
                    window.addLast(queue.take());
                }
            } catch (InterruptedException e) {
                throw new Stop();
            }
        }

        @Override
        public float pop() {
            fill(1);
            return window.removeFirst();
        }

        @Override
        public float peek(int i) {
            fill(i + 1);
            int k = 0;
            for (Float f : window) {
                if (k++ == i) {
                    return f;
                }
            }
            throw new IllegalStateException();
        }
    }

    private record QueueOut(ArrayBlockingQueue<Float> queue) implements Out {
        @Override
        public void push(float value) {
            try {
                queue.put(value);
            } catch (InterruptedException e) {
                throw new Stop();
            }
        }
    }

    /** Unwinds a node's thread when the runner closes. */
    private static final class Stop extends RuntimeException {
        Stop() {
            super(null, null, false, false);
        }
    }

    private final List<Thread> threads = new ArrayList<>();
    private final List<Semaphore> sourcePermits = new ArrayList<>();
    private final List<Integer> sourceFirings = new ArrayList<>();
    private final Semaphore outputs = new Semaphore(0);
    private final int outputsPerIteration;

    /**
     * @param sink the node whose firings count as outputs (the printer)
     */
    public ThreadedRunner(PlainGraph graph, Node sink, int outputsPerIteration) {
        this.outputsPerIteration = outputsPerIteration;
        int n = graph.nodes.size();
        QueueIn[][] ins = new QueueIn[n][];
        Out[][] outs = new Out[n][];
        for (int i = 0; i < n; i++) {
            ins[i] = new QueueIn[graph.nodes.get(i).needs.length];
            outs[i] = new Out[graph.nodes.get(i).outputs];
        }
        for (PlainGraph.Edge e : graph.edges) {
            QueueIn q = new QueueIn();
            ins[e.to()][e.toPort()] = q;
            outs[e.from()][e.fromPort()] = new QueueOut(q.queue);
        }
        for (int i = 0; i < n; i++) {
            Node node = graph.nodes.get(i);
            In[] in = ins[i];
            Out[] out = outs[i];
            Semaphore permits = node.needs.length == 0 ? new Semaphore(0) : null;
            if (permits != null) {
                sourcePermits.add(permits);
                sourceFirings.add(node.sourceFirings);
            }
            boolean isSink = node.equals(sink);
            Thread t = Thread.ofPlatform().daemon().name("plain-" + node.getClass().getSimpleName()).unstarted(() -> {
                try {
                    while (!Thread.currentThread().isInterrupted()) {
                        if (permits != null) {
                            permits.acquire();
                        }
                        node.fire(in, out);
                        if (isSink) {
                            outputs.release();
                        }
                    }
                } catch (Stop | InterruptedException e) {
                    // closing
                }
            });
            threads.add(t);
        }
        threads.forEach(Thread::start);
    }

    /** Runs {@code iterations} steady states through the pipeline and waits for their outputs. */
    public void run(int iterations) throws InterruptedException {
        for (int s = 0; s < sourcePermits.size(); s++) {
            sourcePermits.get(s).release(iterations * sourceFirings.get(s));
        }
        outputs.acquire(iterations * outputsPerIteration);
    }

    @Override
    public void close() {
        threads.forEach(Thread::interrupt);
        try {
            for (Thread t : threads) {
                t.join(1000);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // thrown from close(), it would be lost as a suppressed exception
        }
    }
}
