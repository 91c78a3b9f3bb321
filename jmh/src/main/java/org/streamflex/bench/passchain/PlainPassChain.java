package org.streamflex.bench.passchain;

/**
 * Baseline one: the same chain as ten plain method calls per item in one thread. The JIT can
 * inline all of it, so this is what the hardware does with no framework at all.
 */
public final class PlainPassChain {
    private final Stage[] stages = new Stage[PassChainGraph.STAGES];
    private long sum;
    private long received;

    public PlainPassChain() {
        for (int i = 0; i < stages.length; i++) {
            stages[i] = new Stage();
        }
    }

    /** Pushes one item through the ten stages into the sum. */
    public void push(int value) {
        int v = value;
        for (Stage stage : stages) {
            v = stage.pass(v);
        }
        sum += v;
        received++;
    }

    public long sum() {
        return sum;
    }

    public long received() {
        return received;
    }

    static final class Stage {
        @SuppressWarnings("UnusedVariable") // a store per call, so that the JIT cannot fold the ten calls away
        private long passed;

        int pass(int value) {
            passed++;
            return value;
        }
    }
}
