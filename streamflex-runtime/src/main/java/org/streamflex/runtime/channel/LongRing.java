package org.streamflex.runtime.channel;

import java.util.Arrays;

/**
 * Transactional ring of 64-bit slots that stores every primitive channel: each channel widens (or,
 * for float and double, bit-casts) its values to a long ({@link SlotBits}), so one tested
 * implementation serves all eight channel types and nothing is boxed.
 */
public final class LongRing extends SpscRing {
    /** Runs of at least this many items are copied with {@code System.arraycopy}, shorter ones by a loop. */
    private static final int LONG_RUN = 16;
    /**
     * Indexed by {@code index & (slots.length - 1)} rather than by the ring's {@code mask} (the same
     * number): C2 then knows the slot is within the array and drops the bounds check.
     */
    private final long[] slots;
    /** A lossless ring's puts that found it full, at {@code spillSlot(position)}: the producer's only. */
    private long[] spill = new long[0];
    /** Slots that untake overwrote in the current transaction, with their previous contents. */
    private long[] untakeIndex = new long[0];
    private long[] untakeValue = new long[0];
    private int untakes;

    public LongRing(int capacity, String name) {
        super(capacity, name);
        this.slots = new long[storageLength(capacity)];
    }

    /** Returns false if the ring was full and the value was dropped. */
    public boolean put(long value) {
        long index = reservePut();
        if (index < 0) {
            return refused(index, value);
        }
        long[] s = slots;
        s[(int) index & (s.length - 1)] = value;
        return true;
    }

    /**
     * A put the ring refused: spilled if {@link #reservePut()} said so, else dropped (and counted
     * already). Out of line, so that {@link #put(long)} stays within the JIT's 35-byte limit for
     * inlining at call sites it does not count as hot.
     */
    private boolean refused(long refusal, long value) {
        if (refusal != SPILL) {
            return false;
        }
        long position = reserveSpill();
        if (position < 0) {
            return false;
        }
        spill[spillSlot(position)] = value;
        return true;
    }

    /**
     * The storage, indexed by a stream index {@code & (length - 1)}: for the channels' bulk puts and
     * takes, which convert a run of values in one loop over the indices that {@link #reservePuts} or
     * {@link #reserveTakes} gave them.
     */
    long[] slots() {
        return slots;
    }

    public long take() {
        long[] s = slots;
        return s[(int) reserveTake() & (s.length - 1)];
    }

    public long peek(int i) {
        long[] s = slots;
        return s[(int) peekIndex(i) & (s.length - 1)];
    }

    public void untake(long value) {
        int slot = (int) reserveUntake() & mask;
        long previous = slots[slot];
        if (previous != value) {
            remember(slot, previous);
            slots[slot] = value;
        }
    }

    /**
     * Moves every available value to {@code target} with the effect of take/put pairs (values
     * that do not fit are spilled if {@code target} is lossless, else dropped and counted on
     * {@code target}), copying contiguous runs.
     *
     * @return how many values were taken
     */
    public int transferTo(LongRing target) {
        return transferTo(target, Integer.MAX_VALUE);
    }

    /** As {@link #transferTo(LongRing)}, for at most {@code max} values. */
    public int transferTo(LongRing target, int max) {
        int available = Math.min(size(), max);
        if (available <= 0) {
            return 0;
        }
        putRuns(reserveTakes(available), target, available);
        return available;
    }

    /** Puts the first {@code count} available values on {@code target} without taking them. */
    public void copyTo(LongRing target, int count) {
        requireAvailable(count);
        if (count == 0) {
            return; // peekIndex(0) would find nothing to point at on an empty ring
        }
        putRuns(peekIndex(0), target, count);
    }

    /** Takes and discards {@code count} values. */
    public void skip(int count) {
        requireAvailable(count);
        reserveTakes(count);
    }

    /**
     * Takes {@code rounds} rounds from the first {@code ports} inputs and puts them on {@code out}
     * round by round, {@code weights[i]} items from input {@code i} in each: the effect of a
     * round-robin joiner's {@code inputs[i].transferTo(out, weights[i])} for each round and input,
     * in one reservation per ring. Puts that do not fit are spilled if {@code out} is lossless, else
     * dropped and counted, as by {@link #transferTo(LongRing, int)}.
     *
     * @throws org.streamflex.ChannelUnderflowException if input {@code i} holds fewer than
     *     {@code rounds * weights[i]} items (then nothing moves)
     * @throws IllegalArgumentException if a round has more than {@code Integer.MAX_VALUE} items in all
     */
    public static void interleave(LongRing[] inputs, int[] weights, int ports, LongRing out, int rounds) {
        int perRound = perRound(weights, ports, rounds);
        for (int i = 0; i < ports; i++) {
            inputs[i].requireAvailable(rounds * weights[i]);
        }
        int total = rounds * perRound;
        if (total == 0) {
            return;
        }
        long to = out.pendingTail();
        int fits = out.reservePuts(total);
        long spillTo = out.pendingSpillEnd();
        int spilled = fits < total ? out.reserveSpills(total - fits) : 0;
        // Whole rounds that fit in the ring take the strided copy; the rest, item by item, where
        // each item may land in the ring, the spill or nowhere.
        int whole = Math.min(rounds, fits / perRound);
        int offset = 0;
        for (int i = 0; i < ports; i++) {
            LongRing in = inputs[i];
            int w = weights[i];
            long from = in.reserveTakes(rounds * w);
            strided(in.slots, from, w, out.slots, to + offset, perRound, w, whole);
            for (int r = whole; r < rounds; r++) {
                for (int j = 0; j < w; j++) {
                    long value = in.slots[(int) (from + (long) r * w + j) & in.mask];
                    out.putAt((long) r * perRound + offset + j, value, to, fits, spillTo, spilled);
                }
            }
            offset += w;
        }
    }

    /**
     * Takes {@code rounds} rounds from {@code in} and deals each out to the first {@code ports}
     * outputs in turn, {@code weights[i]} items to output {@code i}: the effect of a round-robin
     * splitter's {@code in.transferTo(outputs[i], weights[i])} for each round and output, in one
     * reservation per ring. Puts that do not fit are spilled or dropped as by
     * {@link #transferTo(LongRing, int)}.
     *
     * @throws org.streamflex.ChannelUnderflowException if {@code in} holds fewer than {@code rounds}
     *     times the sum of the weights (then nothing moves)
     * @throws IllegalArgumentException if a round has more than {@code Integer.MAX_VALUE} items in all
     */
    public static void deinterleave(LongRing in, LongRing[] outputs, int[] weights, int ports, int rounds) {
        int perRound = perRound(weights, ports, rounds);
        int total = rounds * perRound;
        in.requireAvailable(total);
        long from = in.reserveTakes(total);
        int offset = 0;
        for (int i = 0; i < ports; i++) {
            int w = weights[i];
            int count = rounds * w;
            if (count == 0) {
                continue;
            }
            LongRing out = outputs[i];
            long to = out.pendingTail();
            int fits = out.reservePuts(count);
            long spillTo = out.pendingSpillEnd();
            int spilled = fits < count ? out.reserveSpills(count - fits) : 0;
            int whole = Math.min(rounds, fits / w);
            strided(in.slots, from + offset, perRound, out.slots, to, w, w, whole);
            for (int r = whole; r < rounds; r++) {
                for (int j = 0; j < w; j++) {
                    long value = in.slots[(int) (from + (long) r * perRound + offset + j) & in.mask];
                    out.putAt((long) r * w + j, value, to, fits, spillTo, spilled);
                }
            }
            offset += w;
        }
    }

    /**
     * Takes {@code count} items from {@code in} and puts them on each of the first {@code ports}
     * outputs: the effect of a duplicate splitter's {@code copyTo} per output and {@code skip}.
     *
     * @throws org.streamflex.ChannelUnderflowException if {@code in} holds fewer than {@code count}
     *     items (then nothing moves)
     */
    public static void duplicate(LongRing in, LongRing[] outputs, int ports, int count) {
        in.requireAvailable(count);
        long from = in.reserveTakes(count);
        if (count == 0) {
            return;
        }
        for (int i = 0; i < ports; i++) {
            in.putRuns(from, outputs[i], count);
        }
    }

    /** The items of one round, checked so that {@code rounds} of them fit an int. */
    private static int perRound(int[] weights, int ports, int rounds) {
        if (rounds < 0) {
            throw new IllegalArgumentException("rounds " + rounds + " is negative");
        }
        long sum = 0;
        for (int i = 0; i < ports; i++) {
            if (weights[i] < 0) {
                throw new IllegalArgumentException("weight " + weights[i] + " is negative");
            }
            sum += weights[i];
        }
        if (sum * rounds > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(rounds + " rounds of " + sum + " items exceed an int");
        }
        return (int) sum;
    }

    /**
     * Copies {@code rounds} runs of {@code run} items between two ring arrays, the source's runs
     * {@code sourceStride} apart and the sink's {@code sinkStride} apart: one
     * {@code System.arraycopy} per run when runs are long, a plain loop when they are short, since
     * a call per item or two costs more than the copy.
     */
    private static void strided(long[] source, long from, int sourceStride, long[] sink, long to, int sinkStride,
            int run, int rounds) {
        if (rounds <= 0 || run == 0) {
            return;
        }
        if (run == sourceStride && run == sinkStride) {
            copyRuns(source, source.length, from, sink, sink.length, to, run * rounds);
            return;
        }
        if (run >= LONG_RUN) {
            for (int r = 0; r < rounds; r++) {
                copyRuns(source, source.length, from + (long) r * sourceStride, sink, sink.length,
                        to + (long) r * sinkStride, run);
            }
            return;
        }
        int sourceMask = source.length - 1;
        int sinkMask = sink.length - 1;
        // Int positions: a mask keeps only low bits, which the truncation to int does not change.
        int s = (int) from;
        int d = (int) to;
        if (run == 1) {
            for (int r = 0; r < rounds; r++) {
                sink[d & sinkMask] = source[s & sourceMask];
                s += sourceStride;
                d += sinkStride;
            }
            return;
        }
        for (int r = 0; r < rounds; r++) {
            for (int j = 0; j < run; j++) {
                sink[(d + j) & sinkMask] = source[(s + j) & sourceMask];
            }
            s += sourceStride;
            d += sinkStride;
        }
    }

    /**
     * Writes item {@code k} of a bulk put whose reservation gave the ring {@code fits} items from
     * stream index {@code to} and the spill {@code spilled} from position {@code spillTo}; an item
     * beyond both was dropped, and counted, by the reservation.
     */
    private void putAt(long k, long value, long to, int fits, long spillTo, int spilled) {
        if (k < fits) {
            slots[(int) (to + k) & mask] = value;
        } else if (k - fits < spilled) {
            spill[spillSlot(spillTo + k - fits)] = value;
        }
    }

    private void putRuns(long from, LongRing target, int available) {
        long to = target.pendingTail();
        int fits = target.reservePuts(available);
        long[] source = slots;
        long[] sink = target.slots;
        int remaining = fits;
        while (remaining > 0) {
            int s = (int) from & mask;
            int d = (int) to & target.mask;
            int run = Math.min(remaining, Math.min(source.length - s, sink.length - d));
            System.arraycopy(source, s, sink, d, run);
            from += run;
            to += run;
            remaining -= run;
        }
        if (fits < available) {
            target.spillRuns(source, from, available - fits);
        }
    }

    /** Spills (or drops, beyond the spill's bound) values that did not fit in the ring, in order. */
    private void spillRuns(long[] source, long from, int count) {
        long to = pendingSpillEnd();
        int spilled = reserveSpills(count);
        copyRuns(source, source.length, from, spill, spill.length, to, spilled);
    }

    private void remember(int slot, long previous) {
        if (untakes == untakeIndex.length) {
            // Grows only when a work() untakes more distinct values than ever before.
            int length = Math.max(4, untakes * 2);
            untakeIndex = Arrays.copyOf(untakeIndex, length);
            untakeValue = Arrays.copyOf(untakeValue, length);
        }
        untakeIndex[untakes] = slot;
        untakeValue[untakes] = previous;
        untakes++;
    }

    @Override
    protected void resizeSpill(int length) {
        long[] grown = new long[length];
        copySpill(spill, grown, length);
        spill = grown;
    }

    @Override
    protected void moveFromSpill(long position, long index, int count) {
        copyRuns(spill, spill.length, position, slots, slots.length, index, count);
    }

    @Override
    protected void forgetUntakes() {
        untakes = 0;
    }

    @Override
    protected void restoreUntakes() {
        for (int i = untakes - 1; i >= 0; i--) {
            slots[(int) untakeIndex[i]] = untakeValue[i];
        }
        untakes = 0;
    }
}
