package org.streamflex;

/**
 * Built-in filter that takes {@code weight} items from each input in turn, as StreamIt's
 * {@code join roundrobin(w)} (or {@code roundrobin(w0, w1, ...)} with one weight per input). It
 * moves whole rounds only: it waits until every input has its share. Unlike {@link Joiner}, which
 * moves whatever is there, the order of its output is fixed by the weights.
 *
 * <pre>{@code
 * RoundRobinJoiner join = makeFilter(RoundRobinJoiner.class);
 * join.weights(2);                        // 2 items from each input in turn (default 1)
 * for (Branch b : branches) {
 *     connect(b, join, 64);
 * }
 * connect(join, next, 64);
 * }</pre>
 */
public final class RoundRobinJoiner extends RoundRobinWeights {
    /** Injected by the runtime, one per connect to this joiner, in connection order. */
    private DataChannel[] inputs = new DataChannel[0];
    /** Injected by the runtime. */
    private DataChannel out;
    /**
     * Injected by the runtime: the rounds one work() moves at most. Unbounded, each work() moves
     * every whole round available; a fused task sets 1 and runs the work() once per round.
     */
    private int roundsPerWork = Integer.MAX_VALUE;

    private RoundRobinJoiner() {
    }

    @Override
    protected boolean trigger() {
        for (int i = 0; i < inputs.length; i++) {
            if (inputs[i].size() < weight(i)) {
                return false;
            }
        }
        return inputs.length > 0;
    }

    @Override
    public void work() {
        for (int round = 0; round < roundsPerWork && trigger(); round++) {
            for (int i = 0; i < inputs.length; i++) {
                inputs[i].transferTo(out, weight(i));
            }
        }
    }
}
