package org.streamflex;

/**
 * Base class of the messages that travel on {@link Channel}s.
 *
 * <p>Capsules are pooled by the runtime: a filter obtains one with {@link Filter#makeCapsule(Class)}
 * or by taking it from a channel. A capsule that a {@code work()} took or made and did not put on
 * an output channel by the time {@code work()} returns goes back to its pool; along a linear
 * pipeline the same instance travels from filter to filter (zero copy). Putting one capsule on
 * several channels publishes copies.
 *
 * <p>Fields of a capsule are primitives or primitive arrays, and its only constructor is private
 * and takes no parameters (protected when other capsules extend it), so that only the runtime
 * creates capsules:
 * <pre>{@code
 * public class Complex extends Capsule {
 *     double re, im;
 *     private Complex() {}
 * }
 * }</pre>
 */
public abstract class Capsule {
    /** Runtime bookkeeping: the transaction that last published this capsule. */
    @SuppressWarnings("UnusedVariable") // the runtime reads and writes it through a private lookup (CapsuleMarks)
    private long publishedBy;

    protected Capsule() {
    }
}
