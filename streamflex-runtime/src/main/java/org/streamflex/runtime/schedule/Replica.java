package org.streamflex.runtime.schedule;

import org.streamflex.DataChannel;
import org.streamflex.runtime.channel.RingBacked;
import org.streamflex.runtime.channel.SpscRing;

/**
 * One replica of a fissioned filter: a copy of the filter with a task and channels of its own,
 * which the filter's thread fills from the filter's inputs before a part and empties into its
 * outputs after ({@link Fission}).
 *
 * <pre>{@code
 * Replica r = new Replica(copyTask, new DataChannel[] {copyIn}, new DataChannel[] {copyOut});
 * }</pre>
 */
public final class Replica {
    private final FilterTask task;
    private final Firings loop;
    private final DataChannel[] inputs;
    private final DataChannel[] outputs;

    /**
     * @param inputs the copy's input channels, index for index with the filter's
     * @param outputs the copy's output channels, index for index with the filter's
     */
    public Replica(FilterTask task, DataChannel[] inputs, DataChannel[] outputs) {
        this.task = task;
        this.loop = FiringLoops.loopFor(task.filter().getClass());
        this.inputs = inputs.clone();
        this.outputs = outputs.clone();
    }

    FilterTask task() {
        return task;
    }

    /** The copy of the filter. */
    public org.streamflex.Filter filter() {
        return task.filter();
    }

    Firings loop() {
        return loop;
    }

    DataChannel input(int i) {
        return inputs[i];
    }

    DataChannel output(int i) {
        return outputs[i];
    }

    SpscRing inputRing(int i) {
        return ((RingBacked) inputs[i]).ring();
    }

    SpscRing outputRing(int i) {
        return ((RingBacked) outputs[i]).ring();
    }

    @Override
    public String toString() {
        return task.toString();
    }
}
