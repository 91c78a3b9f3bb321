package org.streamflex.runtime.channel;

import java.util.Arrays;

/**
 * Transactional ring of 64-bit slots that stores every primitive channel: each channel widens (or,
 * for float and double, bit-casts) its values to a long ({@link SlotBits}), so one tested
 * implementation serves all eight channel types and nothing is boxed.
 */
public final class LongRing extends SpscRing {
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
        slots[(int) index & mask] = value;
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

    public long take() {
        return slots[(int) reserveTake() & mask];
    }

    public long peek(int i) {
        return slots[(int) peekIndex(i) & mask];
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
        putRuns(peekIndex(0), target, count);
    }

    /** Takes and discards {@code count} values. */
    public void skip(int count) {
        requireAvailable(count);
        reserveTakes(count);
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
