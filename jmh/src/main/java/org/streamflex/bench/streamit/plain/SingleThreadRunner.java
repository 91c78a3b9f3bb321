package org.streamflex.bench.streamit.plain;

import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.List;

/**
 * Baseline (b): every node called in one thread, connected by ordinary dynamically sized queues
 * ({@code ArrayDeque<Float>}). A steady state fires the sources, then each node in topological
 * order while its inputs hold enough.
 */
public final class SingleThreadRunner {
    private static final class DequeIn implements In, Out {
        final ArrayDeque<Float> queue = new ArrayDeque<>();

        @Override
        public float pop() {
            return queue.removeFirst();
        }

        @Override
        public float peek(int i) {
            if (i == 0) {
                return queue.peekFirst();
            }
            Iterator<Float> it = queue.iterator();
            for (int k = 0; k < i; k++) {
                it.next();
            }
            return it.next();
        }

        @Override
        public void push(float value) {
            queue.addLast(value);
        }
    }

    private final List<Node> nodes;
    private final In[][] ins;
    private final Out[][] outs;
    private final DequeIn[][] queues;

    public SingleThreadRunner(PlainGraph graph) {
        nodes = graph.nodes;
        ins = new In[nodes.size()][];
        outs = new Out[nodes.size()][];
        queues = new DequeIn[nodes.size()][];
        for (int i = 0; i < nodes.size(); i++) {
            ins[i] = new In[nodes.get(i).needs.length];
            queues[i] = new DequeIn[nodes.get(i).needs.length];
            outs[i] = new Out[nodes.get(i).outputs];
        }
        for (PlainGraph.Edge e : graph.edges) {
            DequeIn q = new DequeIn();
            ins[e.to()][e.toPort()] = q;
            queues[e.to()][e.toPort()] = q;
            outs[e.from()][e.fromPort()] = q;
        }
    }

    /** Runs {@code iterations} steady states. */
    public void run(int iterations) {
        for (int it = 0; it < iterations; it++) {
            for (int n = 0; n < nodes.size(); n++) {
                Node node = nodes.get(n);
                if (node.needs.length == 0) {
                    for (int k = 0; k < node.sourceFirings; k++) {
                        node.fire(ins[n], outs[n]);
                    }
                } else {
                    while (ready(n, node)) {
                        node.fire(ins[n], outs[n]);
                    }
                }
            }
        }
    }

    private boolean ready(int n, Node node) {
        for (int i = 0; i < node.needs.length; i++) {
            if (queues[n][i].queue.size() < node.needs[i]) {
                return false;
            }
        }
        return true;
    }
}
