package org.streamflex.bench.hybrid;

/**
 * The hybrid scheduler paper's unit of work (section 5): {@code x = pop(); for (i = 0; i < WORK;
 * i++) x += i * 3.0 - 1.0; push(x);}, here the loop between the pop and the push. Every variant of
 * every experiment calls this one method, so that they all do the same arithmetic in the same
 * order and their sinks' sums agree bit for bit.
 *
 * <p>The adds form one chain of dependent floating-point operations, which Java's strict
 * semantics forbid the JIT to reorder or merge; the result reaches the sink's checksum, which the
 * harness compares with {@link Expected}, so the JIT cannot drop the loop either.
 *
 * <pre>{@code
 * double y = WorkUnit.apply(x, 1000);   // what an operator with 1000 computations does to x
 * }</pre>
 */
public final class WorkUnit {
    private WorkUnit() {
    }

    /** {@code x} after {@code work} computations of the paper's loop; {@code x} itself for 0. */
    public static double apply(double x, int work) {
        double y = x;
        for (int i = 0; i < work; i++) {
            y += i * 3.0 - 1.0;
        }
        return y;
    }

    /** {@code x} after {@code units} applications of {@link #apply} in a row, as a pipeline does. */
    public static double applyUnits(double x, int units, int work) {
        double y = x;
        for (int u = 0; u < units; u++) {
            y = apply(y, work);
        }
        return y;
    }
}
