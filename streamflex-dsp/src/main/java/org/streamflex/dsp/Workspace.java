package org.streamflex.dsp;

import org.streamflex.Stable;

/**
 * Work arrays of a filter whose sizes are known only when it is configured: an operator's
 * {@code configure(...)} makes a new workspace of the size it needs, and its {@code work()} uses
 * the arrays without allocating. A filter's own arrays must be allocated by its constructor (the
 * checker's R4), so a size chosen later lives in a stable object like this one, which allocates its
 * arrays itself.
 *
 * <pre>{@code
 * private Workspace buffers = new Workspace(32);   // replaced by configure(n)
 * public void configure(int n) {
 *     buffers = new Workspace(n + 2);
 * }
 * public void work() {
 *     float[] x = buffers.floats();                // no allocation
 * }
 * }</pre>
 *
 * <p>Not thread-safe: a workspace belongs to one filter.
 */
public final class Workspace implements Stable {
    private final float[] floats;

    /**
     * A workspace of {@code floats} floats, all zero.
     *
     * @throws IllegalArgumentException if {@code floats} is negative
     */
    public Workspace(int floats) {
        if (floats < 0) {
            throw new IllegalArgumentException("a workspace cannot hold " + floats + " floats");
        }
        this.floats = new float[floats];
    }

    /** The float array, the same one on every call. */
    public float[] floats() {
        return floats;
    }
}
