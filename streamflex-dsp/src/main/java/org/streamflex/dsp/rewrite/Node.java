package org.streamflex.dsp.rewrite;

import java.util.ArrayList;
import java.util.List;

/**
 * One operator of a plan with its inputs. Nodes are made by a {@code SignalGraph}'s building calls
 * and by rules; rules replace nodes, never change one in place, so a node's op and inputs are
 * what they were when it was made, and the {@link Plan} tracks which node stands where.
 */
public final class Node {
    private final Op op;
    private final List<Node> inputs;
    private final int id;

    Node(Op op, List<Node> inputs, int id) {
        this.op = op;
        this.inputs = List.copyOf(inputs);
        this.id = id;
    }

    /** What the node does. */
    public Op op() {
        return op;
    }

    /** Its inputs, in order. */
    public List<Node> inputs() {
        return inputs;
    }

    /** The only input of a one-input node. */
    public Node input() {
        if (inputs.size() != 1) {
            throw new IllegalStateException(this + " has " + inputs.size() + " inputs");
        }
        return inputs.getFirst();
    }

    /** The number the plan gave it: creation order. */
    public int id() {
        return id;
    }

    /** The expression this node stands for, as WaveScript writes them: {@code rewindow(64, 0)(source out)}. */
    public String expression() {
        if (inputs.isEmpty()) {
            return op.describe();
        }
        List<String> args = new ArrayList<>();
        for (Node in : inputs) {
            args.add(in.expression());
        }
        return op.describe() + "(" + String.join(", ", args) + ")";
    }

    @Override
    public String toString() {
        return "#" + id + " " + op.describe();
    }
}
