package org.streamflex.runtime.schedule;

import org.streamflex.Filter;
import org.streamflex.runtime.channel.SpscRing;

/**
 * The loop every fused filter runs, written once: {@link FiringLoops} defines a hidden copy of
 * this class for each fused filter, whose {@code work()} call site then profiles one class.
 */
final class FiringLoop extends Firings {
    @Override
    int fire(WorkTransaction task, Filter filter, int count) {
        for (int i = 1; i <= count; i++) {
            filter.work();
            task.afterFiring(i);
        }
        return count;
    }

    @Override
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

    @Override
    int fireWhileTaking(WorkTransaction task, Filter filter, SpscRing in, long end) {
        int run = 0;
        long position = in.takePosition();
        while (true) {
            filter.work();
            task.afterFiring(++run);
            long next = in.takePosition();
            if (next <= position || next >= end) {
                return run;
            }
            position = next;
        }
    }
}
