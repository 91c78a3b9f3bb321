package org.streamflex.bench.streamit.plain;

/**
 * A node's input: the single-threaded scheduler only fires a node whose inputs hold enough; a thread's
 * input blocks.
 */
public interface In {
    float pop();

    float peek(int i);
}
