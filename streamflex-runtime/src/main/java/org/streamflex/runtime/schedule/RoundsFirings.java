package org.streamflex.runtime.schedule;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.streamflex.Filter;

/**
 * The batch loop of a built-in splitter or joiner: one {@code work()} that moves {@code count}
 * rounds, the built-in's {@code roundsPerWork} set for it, rather than {@code count} calls of one
 * round each. A duplicate splitter then copies its batch to each output with one bulk copy, not
 * one per item.
 *
 * <pre>{@code
 * Firings loop = new RoundsFirings(DuplicateSplitter.class);
 * task.fireBatch(slot, 64, loop);   // one work(): 64 rounds
 * }</pre>
 */
final class RoundsFirings extends Firings {
    private final VarHandle roundsPerWork;

    RoundsFirings(Class<? extends Filter> builtin) {
        try {
            this.roundsPerWork = MethodHandles.privateLookupIn(builtin, MethodHandles.lookup())
                    .findVarHandle(builtin, "roundsPerWork", int.class);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("the runtime does not match this API version: " + e, e);
        }
    }

    @Override
    int fire(WorkTransaction task, Filter filter, int count) {
        roundsPerWork.set(filter, count);
        try {
            filter.work();
        } finally {
            roundsPerWork.set(filter, 1);
        }
        task.afterFiring(1);
        return count;
    }
}
