package org.streamflex.runtime.net;

/**
 * Which way a channel of a split graph crosses the network. Either way the node opens the
 * connection (nodes need no listening port); the direction says which end sends on it.
 *
 * <pre>{@code
 * new CrossingLinks.Crossing("Tally.out->Peaks.in", ElementKind.INT, 64, LinkMode.CREDIT, null,
 *         CrossingDirection.TO_NODES);
 * }</pre>
 */
public enum CrossingDirection {
    /** From a node filter to a server filter: every node sends, the server merges what they send. */
    TO_SERVER,
    /** From a server filter to a node filter: the server sends every item to every node of its inventory. */
    TO_NODES
}
