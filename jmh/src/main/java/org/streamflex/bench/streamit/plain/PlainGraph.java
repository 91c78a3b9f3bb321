package org.streamflex.bench.streamit.plain;

import java.util.ArrayList;
import java.util.List;

/** Nodes and the edges between them, in topological order of creation. */
public final class PlainGraph {
    /** An edge: from output {@code fromPort} of node {@code from} to input {@code toPort} of {@code to}. */
    record Edge(int from, int fromPort, int to, int toPort) {
    }

    final List<Node> nodes = new ArrayList<>();
    final List<Edge> edges = new ArrayList<>();
    private final List<int[]> nextPorts = new ArrayList<>();

    public <N extends Node> N add(N node) {
        nodes.add(node);
        nextPorts.add(new int[2]);
        return node;
    }

    /** Connects the next free output of {@code from} to the next free input of {@code to}. */
    public PlainGraph connect(Node from, Node to) {
        int f = nodes.indexOf(from);
        int t = nodes.indexOf(to);
        edges.add(new Edge(f, nextPorts.get(f)[0]++, t, nextPorts.get(t)[1]++));
        return this;
    }

    /** Connects a pipeline of nodes in order. */
    public PlainGraph pipeline(Node... chain) {
        for (int i = 1; i < chain.length; i++) {
            connect(chain[i - 1], chain[i]);
        }
        return this;
    }
}
