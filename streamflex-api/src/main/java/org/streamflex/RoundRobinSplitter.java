package org.streamflex;

/**
 * Built-in filter that deals its input out to its outputs in turn, {@code weight} items to each,
 * as StreamIt's {@code split roundrobin(w)} (or {@code roundrobin(w0, w1, ...)} with one weight
 * per output). It moves whole rounds only: items of an incomplete round wait for the rest.
 *
 * <pre>{@code
 * RoundRobinSplitter split = makeFilter(RoundRobinSplitter.class);
 * split.weights(2);                       // 2 items to each output in turn (default 1)
 * connect(source, split, 64);
 * connect(split, left, 64);
 * connect(split, right, 64);
 * }</pre>
 */
public final class RoundRobinSplitter extends Filter {
    /** Injected by the runtime. */
    private DataChannel in;
    /** Injected by the runtime, one per connect from this splitter, in connection order. */
    private DataChannel[] outputs = new DataChannel[0];
    private final int[] weights = new int[64];
    private int weightCount;

    private RoundRobinSplitter() {
        weights[0] = 1;
        weightCount = 1;
    }

    /**
     * One weight for every output, or one per output in connection order (at most 64); call it
     * while building the graph.
     *
     * @throws IllegalArgumentException if a weight is negative, all are zero, or there are more than 64
     */
    public void weights(int... w) {
        Builtins.checkWeights(w, weights.length);
        System.arraycopy(w, 0, weights, 0, w.length);
        weightCount = w.length;
    }

    /** How many weights were given: 1 (the same for every output) or one per output. */
    public int weightCount() {
        return weightCount;
    }

    @Override
    public void work() {
        int perRound = 0;
        for (int i = 0; i < outputs.length; i++) {
            perRound += weights[weightCount == 1 ? 0 : i];
        }
        while (perRound > 0 && in.size() >= perRound) {
            for (int i = 0; i < outputs.length; i++) {
                in.transferTo(outputs[i], weights[weightCount == 1 ? 0 : i]);
            }
        }
    }
}
