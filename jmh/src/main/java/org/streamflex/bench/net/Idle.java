package org.streamflex.bench.net;

/**
 * How every waiting thread of the network benchmarks waits, the links' and the baseline's alike: it
 * spins a little, then yields the core (two vCPUs carry two JVMs' threads here).
 */
final class Idle {
    private static final int SPINS = 100;

    private Idle() {
    }

    /** Waits once; returns the next value of the caller's count of waits, which it resets on progress. */
    @SuppressWarnings("ThreadPriorityCheck") // a waiting thread gives its core to the event loops it waits for
    static int pause(int waits) {
        if (waits < SPINS) {
            Thread.onSpinWait();
        } else {
            Thread.yield();
        }
        return waits + 1;
    }
}
