package org.streamflex.runtime.schedule;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import org.streamflex.DataChannel;
import org.streamflex.DuplicateSplitter;
import org.streamflex.Filter;
import org.streamflex.RoundRobinJoiner;
import org.streamflex.RoundRobinSplitter;
import org.streamflex.runtime.channel.LongRing;
import org.streamflex.runtime.channel.RingBacked;

/**
 * The batch loop of a built-in splitter or joiner: its {@code count} rounds moved at once rather
 * than by {@code count} calls of one round each. When every port is a primitive channel of one
 * kind, the rings move the rounds in bulk ({@link LongRing#interleave}, {@link LongRing#deinterleave},
 * {@link LongRing#duplicate}): a joiner's work() would make one {@code transferTo} call per input
 * and round, 256 calls for 8 inputs and 32 rounds, each a few items long. Any other channels
 * (capsules, shared values, mixed kinds) go through one {@code work()} with the built-in's
 * {@code roundsPerWork} set to {@code count}, which has the same effect, item for item.
 *
 * <pre>{@code
 * Firings loop = new RoundsFirings(RoundRobinJoiner.class);
 * task.fireBatch(slot, 64, loop);   // 64 rounds
 * }</pre>
 */
final class RoundsFirings extends Firings {
    private static final VarHandle JOINER_INPUTS = field(RoundRobinJoiner.class, "inputs", DataChannel[].class);
    private static final VarHandle JOINER_OUT = field(RoundRobinJoiner.class, "out", DataChannel.class);
    private static final VarHandle SPLITTER_IN = field(RoundRobinSplitter.class, "in", DataChannel.class);
    private static final VarHandle SPLITTER_OUTPUTS = field(RoundRobinSplitter.class, "outputs", DataChannel[].class);
    private static final VarHandle DUPLICATE_IN = field(DuplicateSplitter.class, "in", DataChannel.class);
    private static final VarHandle DUPLICATE_OUTPUTS = field(DuplicateSplitter.class, "outputs", DataChannel[].class);
    /** Per thread, as a batch runs on one thread while filters of one class, on any, share this loop. */
    private static final ThreadLocal<Ports> PORTS = ThreadLocal.withInitial(Ports::new);

    private final Class<? extends Filter> builtin;
    private final VarHandle roundsPerWork;

    RoundsFirings(Class<? extends Filter> builtin) {
        this.builtin = builtin;
        this.roundsPerWork = field(builtin, "roundsPerWork", int.class);
    }

    @Override
    int fire(WorkTransaction task, Filter filter, int count) {
        if (!moveInBulk(filter, count)) {
            moveByWork(filter, count);
        }
        task.afterFiring(1);
        return count;
    }

    /**
     * Moves up to {@code count} rounds (as many as the built-in's work() would) with the rings'
     * bulk moves, if every port is a primitive channel of one kind.
     *
     * @return whether it did; if not, nothing moved
     */
    boolean moveInBulk(Filter filter, int count) {
        Ports ports = PORTS.get();
        try {
            if (builtin == RoundRobinJoiner.class) {
                return joinInBulk((RoundRobinJoiner) filter, count, ports);
            } else if (builtin == RoundRobinSplitter.class) {
                return splitInBulk((RoundRobinSplitter) filter, count, ports);
            }
            return duplicateInBulk((DuplicateSplitter) filter, count, ports);
        } finally {
            // A long-lived thread must not keep a finished graph's rings reachable.
            Arrays.fill(ports.rings, null);
        }
    }

    /** Moves up to {@code count} rounds by one call of the built-in's own work(). */
    void moveByWork(Filter filter, int count) {
        roundsPerWork.set(filter, count);
        try {
            filter.work();
        } finally {
            roundsPerWork.set(filter, 1);
        }
    }

    private static boolean joinInBulk(RoundRobinJoiner join, int count, Ports ports) {
        DataChannel[] inputs = (DataChannel[]) JOINER_INPUTS.get(join);
        DataChannel out = (DataChannel) JOINER_OUT.get(join);
        LongRing outRing = longRing(out, out);
        if (outRing == null || !ports.resolve(inputs, out) || inputs.length == 0) {
            return false;
        }
        // The rounds its trigger() allows, as work() checks it before each round.
        int rounds = count;
        long perRound = 0;
        for (int i = 0; i < inputs.length; i++) {
            int w = join.weight(i);
            ports.weights[i] = w;
            perRound += w;
            if (w > 0) {
                rounds = Math.min(rounds, ports.rings[i].size() / w);
            }
        }
        if (perRound * rounds > Integer.MAX_VALUE) {
            return false;
        }
        LongRing.interleave(ports.rings, ports.weights, inputs.length, outRing, rounds);
        return true;
    }

    private static boolean splitInBulk(RoundRobinSplitter split, int count, Ports ports) {
        DataChannel in = (DataChannel) SPLITTER_IN.get(split);
        DataChannel[] outputs = (DataChannel[]) SPLITTER_OUTPUTS.get(split);
        LongRing inRing = longRing(in, in);
        if (inRing == null || !ports.resolve(outputs, in)) {
            return false;
        }
        long perRound = 0;
        for (int i = 0; i < outputs.length; i++) {
            int w = split.weight(i);
            ports.weights[i] = w;
            perRound += w;
        }
        if (perRound == 0) {
            return true; // work() moves nothing either: its loop needs a round of at least one item
        }
        int rounds = (int) Math.min(count, inRing.size() / perRound);
        LongRing.deinterleave(inRing, ports.rings, ports.weights, outputs.length, rounds);
        return true;
    }

    private static boolean duplicateInBulk(DuplicateSplitter split, int count, Ports ports) {
        DataChannel in = (DataChannel) DUPLICATE_IN.get(split);
        DataChannel[] outputs = (DataChannel[]) DUPLICATE_OUTPUTS.get(split);
        LongRing inRing = longRing(in, in);
        if (inRing == null || !ports.resolve(outputs, in)) {
            return false;
        }
        LongRing.duplicate(inRing, ports.rings, outputs.length, Math.min(inRing.size(), count));
        return true;
    }

    /**
     * The ring of a primitive channel of the same class as {@code kind} (what {@code transferTo}
     * requires of its two ends), or null.
     */
    static LongRing longRing(DataChannel channel, DataChannel kind) {
        if (channel != null && channel.getClass() == kind.getClass() && channel instanceof RingBacked backed
                && backed.ring() instanceof LongRing ring) {
            return ring;
        }
        return null;
    }

    private static VarHandle field(Class<?> owner, String name, Class<?> type) {
        try {
            return MethodHandles.privateLookupIn(owner, MethodHandles.lookup()).findVarHandle(owner, name, type);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("the runtime does not match this API version: " + e, e);
        }
    }

    /** The rings and weights of one built-in's ports, for one bulk move: reused, never shrunk. */
    private static final class Ports {
        LongRing[] rings = new LongRing[0];
        int[] weights = new int[0];

        /** Fills {@link #rings} from {@code channels}, each of {@code kind}'s class. */
        boolean resolve(DataChannel[] channels, DataChannel kind) {
            if (channels.length > rings.length) {
                // Allocation only here: when a built-in has more ports than any before on this thread.
                rings = new LongRing[channels.length];
                weights = new int[channels.length];
            }
            for (int i = 0; i < channels.length; i++) {
                LongRing ring = longRing(channels[i], kind);
                if (ring == null) {
                    return false;
                }
                rings[i] = ring;
            }
            return true;
        }
    }
}
