package org.streamflex.abi;

/**
 * The parameter type of the constructor the weaver adds to every recyclable class: it makes an
 * instance without running any constructor code, so that a transient region can hold instances
 * to initialize later with the class's constructor copies. Only the runtime passes it, as null.
 *
 * <pre>{@code
 * protected Accumulator(Blank unused) { super(); }   // as woven (Object's constructor runs; nothing else)
 * }</pre>
 */
public final class Blank {
    private Blank() {
    }
}
