package org.streamflex.bench.streamit.plain;

/** A node's output. */
public interface Out {
    void push(float value);
}
