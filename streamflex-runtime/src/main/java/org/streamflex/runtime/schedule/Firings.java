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
}
