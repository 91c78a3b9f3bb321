package org.streamflex.runtime.schedule;

import org.streamflex.Filter;
import org.streamflex.runtime.channel.SpscRing;

/**
 * The inner loop of a fused filter: {@code count} calls of its {@code work()} back to back, inside
 * one transaction that {@link WorkTransaction#fireBatch} opens and commits around it.
 *
 * <p>Each fused filter has a loop object of its own class ({@link FiringLoops}), so that the
 * {@code work()} call in the loop sees one receiver class and the JIT inlines it: one shared loop
 * would see every fused filter's class and call through the vtable. The loops are written once, in
 * {@link FiringLoop}.
 */
abstract class Firings {
    /**
     * Calls {@code filter.work()} {@code count} times, {@link WorkTransaction#afterFiring} after each.
     *
     * @return the number of calls, {@code count} unless one threw
     */
    abstract int fire(WorkTransaction task, Filter filter, int count);

    /**
     * Calls {@code filter.work()} while its default trigger holds and the last call took input, at
     * most {@code max} times, {@link WorkTransaction#afterFiring} after each: a filter with dynamic
     * rates run for a batch by a worker ({@link WorkTransaction#fireWhileReady}). {@link FiringLoop}
     * has the one implementation, which each filter class's copy of it runs from a call site of its
     * own; other subclasses run the shared {@code FiringLoop}'s.
     *
     * @return the number of calls
     */
    int fireWhileReady(WorkTransaction task, Filter filter, int max) {
        return SharedLoop.LOOP.fireWhileReady(task, filter, max);
    }

    /**
     * {@link #fireWhileReady} for a filter whose one input is the ring {@code in} (no time channel,
     * no declared rate): calls {@code filter.work()} while the last call took from {@code in} (moved
     * its take position forward) and that position is below {@code end}, {@link WorkTransaction#afterFiring}
     * after each. {@code end} is at most the tail read when the batch began and at most {@code max}
     * items past the position then ({@link SpscRing#batchEnd}), so the batch holds at most {@code max}
     * calls, each of which advanced the position, and items that arrive during it wait for the next.
     * One compare of the consumer's own field per call, and no call counter to check against a
     * bound: the fewer values the loop keeps live, the fewer C2 spills around the inlined work().
     *
     * @return the number of calls
     */
    int fireWhileTaking(WorkTransaction task, Filter filter, SpscRing in, long end) {
        return SharedLoop.LOOP.fireWhileTaking(task, filter, in, end);
    }

    /**
     * The {@link FiringLoop} that runs the loops of a {@code Firings} that keeps {@link #fireWhileReady}
     * and {@link #fireWhileTaking} as they are here, all such sharing its call sites as they shared
     * these methods'. In a class of its own so that FiringLoop's copies do not each make one.
     */
    private static final class SharedLoop {
        static final FiringLoop LOOP = new FiringLoop();
    }
}
