package org.streamflex.dsp.rewrite;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The operators a {@code SignalGraph} asked for, before any filter is made: nodes and the ends
 * where signals leave the plan (into a user's filter). Rules rewrite it; lowering turns it into
 * filters and channels.
 *
 * <pre>{@code
 * Plan plan = new Plan();
 * Node s = plan.node(new Op.Source(mic, "out", FloatSeg.class));
 * Node w = plan.node(new Op.Rewindow(64, 0, true), s);
 * plan.end(w);
 * new Rewriter(Rules.all()).rewrite(plan);
 * }</pre>
 */
public final class Plan {
    private final List<Node> ends = new ArrayList<>();
    private int nextId = 1;

    /** A new node of {@code op} over {@code inputs}. */
    public Node node(Op op, Node... inputs) {
        return node(op, List.of(inputs));
    }

    /** A new node of {@code op} over {@code inputs}. */
    public Node node(Op op, List<Node> inputs) {
        return new Node(op, inputs, nextId++);
    }

    /** Marks {@code node} as consumed outside the plan: a filter of the user's takes its output. */
    public void end(Node node) {
        ends.add(node);
    }

    /** The ends, in the order they were added; a rule's replacement takes the place of what it replaced. */
    public List<Node> ends() {
        return List.copyOf(ends);
    }

    /** Every node reachable from the ends, each once, outputs first (pre-order, left to right). */
    public List<Node> nodes() {
        Set<Node> seen = new LinkedHashSet<>();
        for (Node end : ends) {
            visit(end, seen);
        }
        return List.copyOf(seen);
    }

    private static void visit(Node node, Set<Node> seen) {
        if (seen.add(node)) {
            for (Node in : node.inputs()) {
                visit(in, seen);
            }
        }
    }

    /**
     * How many places use each node's output: nodes taking it as an input (once per input) and ends.
     * A rule may fold a node into its consumer only when that consumer is its only use.
     */
    public Map<Node, Integer> uses() {
        Map<Node, Integer> uses = new HashMap<>();
        for (Node node : nodes()) {
            for (Node in : node.inputs()) {
                uses.merge(in, 1, Integer::sum);
            }
        }
        for (Node end : ends) {
            uses.merge(end, 1, Integer::sum);
        }
        return uses;
    }

    /**
     * Replaces {@code old} by {@code replacement} everywhere: in every node that takes it as an input
     * (rebuilt, since nodes do not change) and among the ends.
     */
    public void replace(Node old, Node replacement) {
        Map<Node, Node> rebuilt = new HashMap<>();
        rebuilt.put(old, replacement);
        for (int i = 0; i < ends.size(); i++) {
            ends.set(i, rebuild(ends.get(i), rebuilt));
        }
    }

    /** The node with every occurrence of a replaced node swapped, rebuilding the nodes above it. */
    private Node rebuild(Node node, Map<Node, Node> rebuilt) {
        Node known = rebuilt.get(node);
        if (known != null) {
            return known;
        }
        List<Node> inputs = new ArrayList<>(node.inputs().size());
        boolean changed = false;
        for (Node in : node.inputs()) {
            Node r = rebuild(in, rebuilt);
            changed |= r != in;
            inputs.add(r);
        }
        Node result = changed ? new Node(node.op(), inputs, node.id()) : node;
        rebuilt.put(node, result);
        return result;
    }
}
