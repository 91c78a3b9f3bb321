package org.streamflex.runtime.spacetime;

/** A get by position rather than by timestamp (the paper's wildcards). */
public enum Wildcard {
    /** The oldest item the connection has not consumed. */
    OLDEST,
    /** The newest item the connection has not consumed. */
    NEWEST,
    /**
     * The newest item this connection has neither gotten (by any of its gets, exact or wildcard)
     * nor consumed: the paper's {@code STM_LATEST_UNSEEN}, read per connection.
     */
    LATEST_UNSEEN
}
