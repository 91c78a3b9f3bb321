package org.streamflex.spi;

/**
 * The parameter type of the constructor the weaver adds to every recyclable class: it makes an
 * instance without running any constructor code, so that a region can hold instances to
 * initialize later. Only the runtime passes it (as null).
 */
public final class Blank {
    private Blank() {
    }
}
