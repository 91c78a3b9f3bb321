package org.streamflex.runtime.channel;

import org.streamflex.Capsule;

/**
 * The side of a filter's current {@code work()} that capsule channels report to: which capsules
 * it took (to reclaim those it does not forward) and how to copy a capsule put twice.
 */
public interface CapsuleTransaction {
    /** Identifies the current work(); unique across all filters of all graphs of this JVM run. */
    long transactionId();

    /** The work() took this capsule from an input channel. */
    void noteTaken(Capsule capsule);

    /** A pooled copy of the capsule, for publishing it on a second channel. */
    Capsule copyOf(Capsule capsule);
}
