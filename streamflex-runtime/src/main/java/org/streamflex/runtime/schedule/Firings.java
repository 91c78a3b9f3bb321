package org.streamflex.runtime.schedule;

import org.streamflex.Filter;
import org.streamflex.runtime.channel.SpscRing;

/**
 * The inner loop of a fused filter: {@code count} calls of its {@code work()} back to back, inside
 * one transaction that {@link WorkTransaction#fireBatch} opens and commits around it.
 *
 * <p>Each fused filter has a loop object of its own class ({@link FiringLoops}), so that the
 * {@code work()} call in the loop sees one receiver class and the JIT inlines it: one shared loop
 * would see every fused filter's class and call through the vtable.
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
     * overrides it with the same code so that each filter class's copy has a call site of its own.
     *
     * @return the number of calls
     */
    int fireWhileReady(WorkTransaction task, Filter filter, int max) {
        int run = 0;
        while (run < max) {
            long taken = task.pendingTaken();
            filter.work();
            task.afterFiring(++run);
            if (task.pendingTaken() == taken || !task.inputsReady()) {
                break;
            }
        }
        return run;
    }

    /**
     * {@link #fireWhileReady} for a filter whose one input is the ring {@code in} (no time channel,
     * no declared rate): calls {@code filter.work()} while the last call took from {@code in} and
     * {@code in} holds an item it knew of when the batch began ({@link SpscRing#knownAvailable()}),
     * at most {@code max} times. The same batch as the general loop's, checked with plain loads of
     * the consumer's own fields rather than a read of the producer's tail per call; items that
     * arrive during the batch wait for the next. {@link FiringLoop} overrides it with the same code.
     *
     * @return the number of calls
     */
    int fireWhileTaking(WorkTransaction task, Filter filter, SpscRing in, int max) {
        int run = 0;
        long position = in.takePosition();
        while (run < max) {
            filter.work();
            task.afterFiring(++run);
            long next = in.takePosition();
            if (next == position || !in.knownAvailable()) {
                break;
            }
            position = next;
        }
        return run;
    }
}
