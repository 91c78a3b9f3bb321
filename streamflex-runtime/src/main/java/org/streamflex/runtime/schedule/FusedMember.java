package org.streamflex.runtime.schedule;

import java.util.Arrays;
import org.streamflex.DataChannel;
import org.streamflex.abi.RegionSlot;
import org.streamflex.runtime.channel.SpscRing;

/**
 * One filter of a {@link FusedTask}, with what the task needs to run it: its steady-state count per
 * iteration and, if every channel of its has a declared rate at its end (and it has no clock input
 * and no trigger of its own), those rates, so that the task can tell from the channels alone how
 * many of its work() calls can run and run them as one batch ({@link WorkTransaction#fireBatch}).
 * Any other member runs as unfused, one work() at a time while its trigger holds, and while its
 * outputs with a declared rate have room for one more work()'s items.
 *
 * <pre>{@code
 * FusedMember m = FusedMember.batched(task, 64, ins, pops, windows, outs, pushes);
 * int result = m.run(slot);   // FIRED | TOOK
 * }</pre>
 */
public final class FusedMember extends FusedStep {
    private final FilterTask task;
    /**
     * Steady-state iterations one batch may cover: the hybrid scheduler runs each subgraph "for
     * batch size iterations" (its batch 100 "can triple the performance"); a member's batch is
     * bounded by the items waiting and the room downstream long before this.
     */
    static final int ITERATIONS_PER_BATCH = 1024;

    private final long repetitions;
    /** The most work() calls in one batch: {@link #ITERATIONS_PER_BATCH} iterations' worth. */
    private final long cap;
    /** Null for a guarded member. */
    private final Firings loop;
    private final SpscRing[] inputs;
    private final int[] pops;
    private final int[] windows;
    private final SpscRing[] outputs;
    private final int[] pushes;
    /** Set by {@link #runnable()}: whether its inputs, rather than its cap or outputs, bound the count. */
    private boolean inputBound;
    /**
     * For each output, the most items it may hold for the member to run ({@link #holdBack}), or
     * null if none is held back: set by its worker's thread before the member runs there.
     */
    private int[] holdAbove;

    private FusedMember(FilterTask task, long repetitions, Firings loop, SpscRing[] inputs, int[] pops,
            int[] windows, SpscRing[] outputs, int[] pushes) {
        if (repetitions <= 0) {
            throw new IllegalArgumentException(task + ": repetitions " + repetitions);
        }
        this.task = task;
        // At most one int's worth per batch: a batch count fits an int, and count * rate a long.
        this.repetitions = repetitions;
        this.cap = repetitions > Integer.MAX_VALUE / ITERATIONS_PER_BATCH ? Integer.MAX_VALUE
                : repetitions * ITERATIONS_PER_BATCH;
        this.loop = loop;
        this.inputs = inputs.clone();
        this.pops = pops.clone();
        this.windows = windows.clone();
        this.outputs = outputs.clone();
        this.pushes = pushes.clone();
        if (pops.length != inputs.length || windows.length != inputs.length || pushes.length != outputs.length) {
            throw new IllegalArgumentException(task + ": one rate per channel");
        }
    }

    /**
     * A member run in batches.
     *
     * @param pops items each work() takes from each input
     * @param windows items each input must hold for one work(): its peek window, at least its pop
     * @param pushes items each work() puts on each output
     */
    public static FusedMember batched(FilterTask task, long repetitions, SpscRing[] inputs, int[] pops,
            int[] windows, SpscRing[] outputs, int[] pushes) {
        return new FusedMember(task, repetitions, FiringLoops.loopFor(task.filter().getClass()), inputs, pops,
                windows, outputs, pushes);
    }

    /**
     * A member run in batches split across replicas by fission ({@link Fission}).
     *
     * @param inputChannels the filter's input channels, index for index with {@code inputs}
     * @param outputChannels the filter's output channels, index for index with {@code outputs}
     * @param replicas its copies, at least 2
     * @param minPartNanos the least measured work one replica's part must hold
     * @param beforeFirstSplit run once, before the first batch is split: copies the filter's fields
     */
    public static FusedMember fissioned(FilterTask task, long repetitions, SpscRing[] inputs, int[] pops,
            int[] windows, SpscRing[] outputs, int[] pushes, DataChannel[] inputChannels,
            DataChannel[] outputChannels, Replica[] replicas, long minPartNanos, Runnable beforeFirstSplit) {
        int[] lookaheads = new int[pops.length];
        for (int i = 0; i < pops.length; i++) {
            lookaheads[i] = windows[i] - pops[i];
        }
        Fission fission = new Fission(replicas, inputChannels, pops, lookaheads, outputChannels, minPartNanos,
                beforeFirstSplit);
        return new FusedMember(task, repetitions, fission, inputs, pops, windows, outputs, pushes);
    }

    /** Replicas its batches are split across, or 1 without fission. */
    public int replicas() {
        return loop instanceof Fission f ? f.replicas() : 1;
    }

    /**
     * A member run one guarded work() at a time, with its own trigger.
     *
     * @param outputs its outputs with a declared rate, which must have room for one work()
     * @param pushes items each work() puts on each
     */
    public static FusedMember guarded(FilterTask task, long repetitions, SpscRing[] outputs, int[] pushes) {
        return new FusedMember(task, repetitions, null, new SpscRing[0], new int[0], new int[0], outputs, pushes);
    }

    public FilterTask task() {
        return task;
    }

    /** The most work() calls in one batch. */
    long cap() {
        return cap;
    }

    /** Its inputs with a declared rate (those of a member in batches; none if guarded). */
    SpscRing[] inputs() {
        return inputs.clone();
    }

    /** Items each work() takes from each input. */
    int[] pops() {
        return pops.clone();
    }

    /** Items each input must hold for one work(). */
    int[] windows() {
        return windows.clone();
    }

    /** Its outputs with a declared rate. */
    SpscRing[] outputs() {
        return outputs.clone();
    }

    /** Items each work() puts on each output. */
    int[] pushes() {
        return pushes.clone();
    }

    /**
     * Runs the member only while {@code output} holds at most {@code limit} items: a link to another
     * worker, which a fused piece of a subgraph ({@link WorkerUnit#fuse}) holds back filter by filter
     * rather than as a whole, so that its other filters run ahead while one waits for the consumer.
     * Called on the thread that runs the member, before it runs it.
     *
     * @throws IllegalArgumentException if {@code output} is not one of its outputs
     */
    void holdBack(SpscRing output, int limit) {
        for (int i = 0; i < outputs.length; i++) {
            if (outputs[i].equals(output)) {
                if (holdAbove == null) {
                    holdAbove = new int[outputs.length];
                    Arrays.fill(holdAbove, Integer.MAX_VALUE);
                }
                holdAbove[i] = limit;
                return;
            }
        }
        throw new IllegalArgumentException(output + " is not an output of " + task);
    }

    /**
     * Holds no output back any more: before a piece is fused again after its units moved between
     * workers, when a link to another worker may have become one inside the same unit. Called on
     * the thread that runs the member next, before it runs it.
     */
    void releaseHoldBacks() {
        holdAbove = null;
    }

    /** Whether an output held back ({@link #holdBack}) holds more than its limit. */
    private boolean heldBack() {
        for (int i = 0; i < outputs.length; i++) {
            SpscRing out = outputs[i];
            // Only held outputs are read: the others' consumed() is another worker's field.
            if (holdAbove[i] != Integer.MAX_VALUE && out.published() - out.consumed() + out.spilled() > holdAbove[i]) {
                return true;
            }
        }
        return false;
    }

    /** Whether it is a built-in splitter or joiner, whose batch sets the rounds each work() moves. */
    boolean builtin() {
        return loop instanceof RoundsFirings;
    }

    /** Whether the member runs in batches rather than one guarded work() at a time. */
    public boolean batched() {
        return loop != null;
    }

    /**
     * Runs the member's share of one iteration: as many work() calls as its channels allow, up to
     * {@link #ITERATIONS_PER_BATCH} iterations' worth.
     *
     * @return {@link #FIRED} if it ran, with {@link #TOOK} if it took data, and {@link #MORE} if
     *     it may have more to do
     */
    @Override
    int run(RegionSlot slot) {
        if (loop == null) {
            return runGuarded(slot);
        }
        int count = runnable();
        int more = inputBound ? 0 : MORE;
        if (count == 0) {
            return more;
        }
        if (count == 1) {
            // One work() is one transaction either way; the plain path costs less than a batch of one.
            return (task.fire(slot) ? FIRED | TOOK : FIRED) | more;
        }
        return (task.fireBatch(slot, count, loop) ? FIRED | TOOK : FIRED) | more;
    }

    /** As unfused, but nothing downstream in between: at most the cap, none after one that took nothing. */
    private int runGuarded(RegionSlot slot) {
        int result = 0;
        for (long n = 0; task.schedulable(); n++) {
            if (n == cap || !roomForOne() || (holdAbove != null && heldBack())) {
                return result | MORE;
            }
            result |= FIRED;
            if (!task.fire(slot)) {
                break;
            }
            result |= TOOK;
        }
        return result;
    }

    private boolean roomForOne() {
        for (int i = 0; i < outputs.length; i++) {
            if (!outputs[i].hasRoomFor(pushes[i])) {
                return false;
            }
        }
        return true;
    }

    /**
     * How many work() calls the inputs hold items and the outputs room for, up to {@link #cap}.
     * Divides only when a channel limits the count: a division costs more than the rest of a small
     * batch.
     */
    private int runnable() {
        long count = cap;
        inputBound = false;
        if (holdAbove != null && heldBack()) {
            return 0;
        }
        for (int i = 0; i < inputs.length; i++) {
            long available = inputs[i].sizeForBatch();
            if (available < windows[i]) {
                inputBound = true;
                return 0;
            }
            int pop = pops[i];
            if (pop > 0 && available < (count - 1) * pop + windows[i]) {
                count = (available - windows[i]) / pop + 1;
                inputBound = true;
            }
        }
        for (int i = 0; i < outputs.length; i++) {
            int push = pushes[i];
            if (push > 0) {
                // free() reads the head even when the last one read shows the room: the batch's
                // puts then never find the ring full on their fast path and reread it.
                long room = outputs[i].free();
                if (outputs[i].lossless()) {
                    // A link between workers' units: its spill is for filters whose puts are not known
                    // ahead; a member's are, so it fills the ring only. Spilled items wait for the
                    // producer's next turn to move in, and a producer that parks with the consumer
                    // waiting on them stalls both until its park times out (measured: beamformer's two
                    // fused pieces at a tenth of one worker).
                    room = Math.max(0, room - outputs[i].maxSpill());
                }
                if (room < count * push) {
                    count = room / push;
                    inputBound = false;
                }
            }
        }
        return (int) count;
    }

    @Override
    public String toString() {
        return task + " x" + repetitions + (loop == null ? " (guarded)" : "")
                + (replicas() > 1 ? " (" + replicas() + " replicas)" : "");
    }
}
