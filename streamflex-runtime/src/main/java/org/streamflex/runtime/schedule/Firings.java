package org.streamflex.runtime.schedule;

import org.streamflex.Filter;

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
}
