package org.streamflex.runtime.spacetime;

// A stand-in with the runtime's name and shape: the checker does not depend on the runtime.

public final class RegisterConnection {
    public void write(byte[] src) {
    }
}
