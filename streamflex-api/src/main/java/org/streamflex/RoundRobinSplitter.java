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
public final class RoundRobinSplitter extends RoundRobinWeights {
    /** Injected by the runtime. */
    private DataChannel in;
    /** Injected by the runtime, one per connect from this splitter, in connection order. */
    private DataChannel[] outputs = new DataChannel[0];
    /**
     * Injected by the runtime: the rounds one work() moves at most. Unbounded, each work() moves
     * every whole round available; a fused task sets 1 and runs the work() once per round.
     */
    private int roundsPerWork = Integer.MAX_VALUE;

    private RoundRobinSplitter() {
    }

    @Override
    public void work() {
        int perRound = 0;
        for (int i = 0; i < outputs.length; i++) {
            perRound += weight(i);
        }
        for (int round = 0; round < roundsPerWork && perRound > 0 && in.size() >= perRound; round++) {
            for (int i = 0; i < outputs.length; i++) {
                in.transferTo(outputs[i], weight(i));
            }
        }
    }
}
