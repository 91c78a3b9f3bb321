package org.streamflex;

/** Checks shared by the built-in splitters and joiners. */
final class Builtins {
    private Builtins() {
    }

    static void checkWeights(int[] w, int max) {
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
