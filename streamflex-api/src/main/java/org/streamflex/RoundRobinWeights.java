package org.streamflex;

/** The weights shared by the round-robin splitter and joiner: one for all branches, or one per branch. */
abstract class RoundRobinWeights extends Filter {
    private static final int MAX_WEIGHTS = 64;
    private final int[] weights = new int[MAX_WEIGHTS];
    private int weightCount;

    RoundRobinWeights() {
        weights[0] = 1;
        weightCount = 1;
    }

    /**
     * One weight for every branch, or one per branch in connection order (at most 64); call it
     * while building the graph.
     *
     * @throws IllegalArgumentException if a weight is negative, all are zero, or there are more than 64
     */
    public void weights(int... w) {
        checkWeights(w, MAX_WEIGHTS);
        System.arraycopy(w, 0, weights, 0, w.length);
        weightCount = w.length;
    }

    /** How many weights were given: 1 (the same for every branch) or one per branch. */
    public int weightCount() {
        return weightCount;
    }

    /** The weight of branch {@code i} (in connection order): items per round on that branch. */
    public final int weight(int i) {
        return weights[weightCount == 1 ? 0 : i];
    }

    private static void checkWeights(int[] w, int max) {
        if (w.length == 0 || w.length > max) {
            throw new IllegalArgumentException("give 1 to " + max + " weights, not " + w.length);
        }
        int sum = 0;
        for (int x : w) {
            if (x < 0) {
                throw new IllegalArgumentException("weight " + x + " is negative");
            }
            sum += x;
        }
        if (sum == 0) {
            throw new IllegalArgumentException("every weight is 0: nothing would ever move");
        }
    }
}
