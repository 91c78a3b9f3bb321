package org.streamflex.bench.streamit.plain;

/**
 * A StreamIt filter, splitter or joiner as an ordinary Java object: its rates and one firing. The
 * baselines run the same nodes either in one thread over dynamically sized queues ({@link
 * SingleThreadRunner}) or one thread each over {@code ArrayBlockingQueue}s ({@link ThreadedRunner}).
 */
public abstract class Node {
    /** Items each input must hold for a firing (the peek rate), one entry per input. */
    final int[] needs;
    final int outputs;
    /** Firings per steady state for a source (a node without inputs), else 0. */
    final int sourceFirings;

    protected Node(int[] needs, int outputs, int sourceFirings) {
        this.needs = needs;
        this.outputs = outputs;
        this.sourceFirings = sourceFirings;
    }

    /** One firing. */
    public abstract void fire(In[] in, Out[] out);
}
