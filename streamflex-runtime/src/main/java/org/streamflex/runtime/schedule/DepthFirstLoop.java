package org.streamflex.runtime.schedule;

import org.streamflex.Filter;
import org.streamflex.runtime.channel.LongRing;
import org.streamflex.runtime.channel.OneSlot;

/**
 * The loop of a {@link DepthFirstChain}: {@code n} items, each through every filter of the chain
 * in turn: the first filter's item taken from its input ring and handed over in its one slot
 * ({@code head.hold(in.take())}), then {@code filters[0].work()} to {@code filters[k].work()},
 * each call after naming its filter in the chain's scope ({@link ChainScope#current}) and followed
 * by its task's {@link FilterMemory#betweenFirings}. When a work() (or the hand-over before the
 * first) throws, the loop returns what {@link DepthFirstChain#failed} returns for the filter and
 * the item.
 *
 * <p>{@link DepthFirstLoops} generates one class per chain whose loop has a {@code work()} call
 * site per filter, so that each call site sees one filter class and the JIT inlines the whole
 * chain into one loop body; this class is the plain Java loop with the same effect, used when the
 * platform refuses the generated class.
 */
abstract class DepthFirstLoop {
    /**
     * Runs {@code n} items through the chain.
     *
     * @return {@code n}, or what {@link DepthFirstChain#failed} returned
     */
    abstract int run(DepthFirstChain chain, ChainScope scope, Filter[] filters, FilterTask[] tasks, LongRing in,
            OneSlot head, int n);

    /** The loop written in Java: one megamorphic work() call site for every filter. */
    static final class Plain extends DepthFirstLoop {
        @Override
        int run(DepthFirstChain chain, ChainScope scope, Filter[] filters, FilterTask[] tasks, LongRing in,
                OneSlot head, int n) {
            for (int i = 0; i < n; i++) {
                for (int m = 0; m < filters.length; m++) {
                    scope.current = m;
                    try {
                        if (m == 0) {
                            head.hold(in.take());
                        }
                        filters[m].work();
                    } catch (Throwable failure) {
                        return chain.failed(failure, m, i);
                    }
                    tasks[m].betweenFirings();
                }
            }
            return n;
        }
    }
}
