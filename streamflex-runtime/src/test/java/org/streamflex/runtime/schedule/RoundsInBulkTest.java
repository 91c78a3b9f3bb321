package org.streamflex.runtime.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.streamflex.DataChannel;
import org.streamflex.DuplicateSplitter;
import org.streamflex.Filter;
import org.streamflex.IntChannel;
import org.streamflex.LongChannel;
import org.streamflex.RoundRobinJoiner;
import org.streamflex.RoundRobinSplitter;
import org.streamflex.runtime.channel.Channels;
import org.streamflex.runtime.channel.LongRing;
import org.streamflex.runtime.graph.TestGraph;

/**
 * A fused batch's rounds of a built-in splitter or joiner moved in bulk by the rings
 * ({@link RoundsFirings#moveInBulk}) have exactly the effect of the built-in's work() run once per
 * round: the same items on every channel, in the same order, and the same counters, whether the
 * outputs have room, drop or spill. Each case is built twice, alike, and run both ways.
 */
class RoundsInBulkTest {
    private static final int JOINER = 0;
    private static final int SPLITTER = 1;
    private static final int DUPLICATE = 2;

    /**
     * How one case's channels are set up before the rounds move: {@code shift} items through every
     * ring first, {@code outFill} items left on each output, {@code inFill} on each input.
     */
    private record Setup(int kind, List<Integer> weights, int ports, int inCapacity, int outCapacity, int maxSpill,
            int shift, int outFill, int inFill, int rounds) {
        Setup(int kind, int[] weights, int ports, int inCapacity, int outCapacity, int maxSpill, int shift,
                int outFill, int inFill, int rounds) {
            this(kind, Arrays.stream(weights).boxed().toList(), ports, inCapacity, outCapacity, maxSpill, shift,
                    outFill, inFill, rounds);
        }

        int[] weightArray() {
            return weights.stream().mapToInt(Integer::intValue).toArray();
        }
    }

    /** One copy of a case: the built-in with its channels injected, and their rings. */
    private record Wired(Filter builtin, List<LongRing> inputs, List<LongRing> outputs) {
    }

    @Test
    void anEightWayJoinerOfWeightOneInterleavesAsItsWorkDoes() {
        // FilterBankNew's joiner: 8 inputs of 1, 32 rounds a batch, rings of two batches.
        Result r = compare(new Setup(JOINER, new int[] {1}, 8, 64, 512, 0, 40, 0, 32, 32));
        assertEquals(256, r.outputItems(), "every round moved");
    }

    @Test
    void joinersOfUnequalWeightsIncludingZeroAndLongRunsInterleaveAsTheirWorkDoes() {
        compare(new Setup(JOINER, new int[] {1, 3, 0, 2}, 4, 64, 128, 0, 7, 0, 50, 12));
        compare(new Setup(JOINER, new int[] {17, 1, 40}, 3, 256, 1024, 0, 250, 0, 200, 4));
    }

    @Test
    void roundRobinSplittersOfUnequalWeightsDealAsTheirWorkDoes() {
        compare(new Setup(SPLITTER, new int[] {1}, 8, 512, 64, 0, 500, 0, 256, 32));
        compare(new Setup(SPLITTER, new int[] {2, 0, 5, 1}, 4, 128, 64, 0, 120, 0, 100, 30));
        compare(new Setup(SPLITTER, new int[] {20, 3}, 2, 256, 128, 0, 100, 0, 230, 10));
    }

    @Test
    void duplicateSplittersCopyAsTheirWorkDoes() {
        Result r = compare(new Setup(DUPLICATE, new int[] {1}, 5, 64, 32, 0, 60, 0, 40, 30));
        assertEquals(150, r.outputItems());
    }

    @Test
    void roundsThatWrapAroundTheRingsMoveAsTheirWorkDoes() {
        // Shifts just short of the storage length: every ring wraps within the batch.
        compare(new Setup(JOINER, new int[] {2, 1, 3}, 3, 16, 32, 0, 13, 0, 12, 4));
        compare(new Setup(SPLITTER, new int[] {1, 2}, 2, 32, 16, 0, 29, 0, 30, 10));
        compare(new Setup(DUPLICATE, new int[] {1}, 3, 32, 32, 0, 27, 0, 20, 20));
    }

    @Test
    void roundsThatFindAnOutputFullDropAndCountAsTheirWorkDoes() {
        Result join = compare(new Setup(JOINER, new int[] {1, 2}, 2, 64, 20, 0, 5, 11, 60, 20));
        assertTrue(join.dropped() > 0, "the case drops");
        Result split = compare(new Setup(SPLITTER, new int[] {3, 1}, 2, 128, 8, 0, 5, 3, 100, 25));
        assertTrue(split.dropped() > 0, "the case drops");
        Result dup = compare(new Setup(DUPLICATE, new int[] {1}, 3, 64, 10, 0, 9, 4, 30, 30));
        assertTrue(dup.dropped() > 0, "the case drops");
    }

    @Test
    void roundsThatFindALosslessOutputFullSpillAsTheirWorkDoes() {
        Result join = compare(new Setup(JOINER, new int[] {2, 1, 1}, 3, 64, 16, 100, 3, 9, 60, 15));
        assertTrue(join.spilled() > 0 && join.dropped() == 0, "the case spills only");
        Result split = compare(new Setup(SPLITTER, new int[] {1, 4}, 2, 128, 8, 6, 5, 3, 100, 20));
        assertTrue(split.spilled() > 0 && split.dropped() > 0, "the case spills up to the bound and drops");
        Result dup = compare(new Setup(DUPLICATE, new int[] {1}, 2, 64, 8, 50, 7, 20, 30, 30));
        assertTrue(dup.spilled() > 0, "the case spills behind items spilled before");
    }

    @Test
    void batchesLongerThanTheInputHoldsStopWhereTheirWorkDoes() {
        compare(new Setup(JOINER, new int[] {1, 2}, 2, 64, 256, 0, 0, 0, 9, 40));
        compare(new Setup(SPLITTER, new int[] {2, 2}, 2, 64, 256, 0, 0, 0, 11, 40));
        compare(new Setup(DUPLICATE, new int[] {1}, 2, 64, 256, 0, 0, 0, 11, 40));
    }

    @Test
    void randomCasesOfEveryBuiltinMoveAsTheirWorkDoes() {
        SplittableRandom random = new SplittableRandom(15);
        for (int c = 0; c < 600; c++) {
            int kind = c % 3;
            int ports = 1 + random.nextInt(9);
            int[] weights;
            if (random.nextBoolean()) {
                weights = new int[] {1 + random.nextInt(random.nextBoolean() ? 3 : 24)};
            } else {
                weights = new int[ports];
                for (int i = 0; i < ports; i++) {
                    weights[i] = random.nextInt(random.nextBoolean() ? 4 : 20);
                }
                weights[random.nextInt(ports)] = 1 + random.nextInt(5);
            }
            int inCapacity = 1 + random.nextInt(300);
            int outCapacity = 1 + random.nextInt(300);
            int maxSpill = random.nextBoolean() ? 0 : 1 + random.nextInt(200);
            compare(new Setup(kind, weights, ports, inCapacity, outCapacity, maxSpill, random.nextInt(1000),
                    random.nextInt(outCapacity + maxSpill + 1), random.nextInt(inCapacity + 1),
                    1 + random.nextInt(60)));
        }
    }

    @Test
    void channelsOfMixedKindsAreLeftToTheBuiltinsWork() {
        TestGraph graph = new TestGraph();
        RoundRobinJoiner join = graph.filter(RoundRobinJoiner.class);
        LongRing a = new LongRing(8, "a");
        LongRing b = new LongRing(8, "b");
        LongRing out = new LongRing(8, "out");
        set(join, "inputs", DataChannel[].class, new DataChannel[] {
            Channels.primitive(IntChannel.class, a), Channels.primitive(LongChannel.class, b)});
        set(join, "out", DataChannel.class, Channels.primitive(IntChannel.class, out));
        a.put(1);
        b.put(2);
        a.publishPuts();
        b.publishPuts();
        RoundsFirings loop = new RoundsFirings(RoundRobinJoiner.class);
        assertFalse(loop.moveInBulk(join, 1));
        assertEquals(0, a.pendingTakes() + b.pendingTakes() + out.pendingPuts(), "nothing moved");
        assertThrows(IllegalArgumentException.class, () -> loop.moveByWork(join, 1),
                "the work() refuses the mixed kinds, as it did before bulk moves");
    }

    /** What the bulk run did, beyond its equality with the per-round run. */
    private record Result(long outputItems, long dropped, long spilled) {
    }

    private static Result compare(Setup s) {
        Wired bulk = wire(s);
        Wired perRound = wire(s);
        assertTrue(new RoundsFirings(bulk.builtin().getClass()).moveInBulk(bulk.builtin(), s.rounds()), s.toString());
        set(perRound.builtin(), "roundsPerWork", int.class, 1);
        for (int r = 0; r < s.rounds(); r++) {
            if (s.kind() == DUPLICATE && perRound.inputs().get(0).size() == 0) {
                // Its default trigger: an empty input would fail copyTo's peek, not move nothing.
                break;
            }
            perRound.builtin().work();
        }
        assertEquals(pending(perRound), pending(bulk), "pending takes and puts of " + s);
        long items = 0;
        long dropped = 0;
        long spilled = 0;
        for (int i = 0; i < bulk.outputs().size(); i++) {
            LongRing b = bulk.outputs().get(i);
            LongRing p = perRound.outputs().get(i);
            b.publishPuts();
            p.publishPuts();
            assertEquals(counters(p), counters(b), "output " + i + " of " + s);
            items += b.published() - s.shift() - s.outFill();
            dropped += b.dropped();
            spilled += b.spilled();
            assertEquals(drain(p), drain(b), "items on output " + i + " of " + s);
        }
        for (int i = 0; i < bulk.inputs().size(); i++) {
            LongRing b = bulk.inputs().get(i);
            LongRing p = perRound.inputs().get(i);
            b.publishTakes();
            p.publishTakes();
            assertEquals(counters(p), counters(b), "input " + i + " of " + s);
            assertEquals(drain(p), drain(b), "items left on input " + i + " of " + s);
        }
        return new Result(items + spilled, dropped, spilled);
    }

    /** The built-in of {@code s} on fresh rings, filled as {@code s} says, every ring's transaction committed. */
    private static Wired wire(Setup s) {
        TestGraph graph = new TestGraph();
        int ins = s.kind() == JOINER ? s.ports() : 1;
        int outs = s.kind() == JOINER ? 1 : s.ports();
        LongRing[] inputs = new LongRing[ins];
        LongRing[] outputs = new LongRing[outs];
        for (int i = 0; i < ins; i++) {
            inputs[i] = new LongRing(s.inCapacity(), "in" + i);
            advance(inputs[i], s.shift());
            for (int k = 0; k < s.inFill(); k++) {
                inputs[i].put(1000L * i + k);
            }
            inputs[i].publishPuts();
        }
        for (int i = 0; i < outs; i++) {
            outputs[i] = new LongRing(s.outCapacity(), "out" + i);
            if (s.maxSpill() > 0) {
                outputs[i].lossless(s.maxSpill());
            }
            advance(outputs[i], s.shift());
            for (int k = 0; k < s.outFill(); k++) {
                outputs[i].put(-1 - k);
            }
            outputs[i].publishPuts();
        }
        Filter builtin;
        if (s.kind() == JOINER) {
            RoundRobinJoiner join = graph.filter(RoundRobinJoiner.class);
            join.weights(s.weightArray());
            set(join, "inputs", DataChannel[].class, channels(inputs));
            set(join, "out", DataChannel.class, channels(outputs)[0]);
            builtin = join;
        } else if (s.kind() == SPLITTER) {
            RoundRobinSplitter split = graph.filter(RoundRobinSplitter.class);
            split.weights(s.weightArray());
            set(split, "in", DataChannel.class, channels(inputs)[0]);
            set(split, "outputs", DataChannel[].class, channels(outputs));
            builtin = split;
        } else {
            DuplicateSplitter dup = graph.filter(DuplicateSplitter.class);
            set(dup, "in", DataChannel.class, channels(inputs)[0]);
            set(dup, "outputs", DataChannel[].class, channels(outputs));
            builtin = dup;
        }
        return new Wired(builtin, List.of(inputs), List.of(outputs));
    }

    /** Moves the ring's stream positions on by {@code items}, so that later items wrap around its storage. */
    private static void advance(LongRing ring, int items) {
        int left = items;
        while (left > 0) {
            int n = Math.min(left, ring.capacity());
            for (int k = 0; k < n; k++) {
                ring.put(-7);
            }
            ring.publishPuts();
            for (int k = 0; k < n; k++) {
                ring.take();
            }
            ring.publishTakes();
            left -= n;
        }
    }

    private static DataChannel[] channels(LongRing[] rings) {
        DataChannel[] channels = new DataChannel[rings.length];
        for (int i = 0; i < rings.length; i++) {
            channels[i] = Channels.primitive(IntChannel.class, rings[i]);
        }
        return channels;
    }

    private static List<Long> pending(Wired w) {
        List<Long> pending = new ArrayList<>();
        for (LongRing r : w.inputs()) {
            pending.add(r.pendingTakes());
        }
        for (LongRing r : w.outputs()) {
            pending.add(r.pendingPuts());
        }
        return pending;
    }

    private static List<Long> counters(LongRing r) {
        return List.of(r.published(), r.consumed(), r.dropped(), r.spilled(), (long) r.size());
    }

    /** Every item the ring holds, its spill's included, in order. */
    private static List<Long> drain(LongRing ring) {
        List<Long> items = new ArrayList<>();
        while (true) {
            while (ring.size() > 0) {
                items.add(ring.take());
            }
            ring.publishTakes();
            if (!ring.drainSpill() && ring.size() == 0) {
                return items;
            }
        }
    }

    private static <T> void set(Filter filter, String field, Class<T> type, T value) {
        try {
            VarHandle handle = MethodHandles.privateLookupIn(filter.getClass(), MethodHandles.lookup())
                    .findVarHandle(filter.getClass(), field, type);
            handle.set(filter, value);
        } catch (ReflectiveOperationException e) {
            throw new LinkageError(e.getMessage(), e);
        }
    }
}
