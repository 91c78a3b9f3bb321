package org.streamflex.runtime.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.streamflex.fixtures.Soak;

class RunStateTest {
    @Test
    void aNoteLeftWhileRunningMakesTheOwnerLookAgain() {
        RunState state = new RunState();
        assertTrue(state.enter());
        assertFalse(state.enter(), "a second caller leaves a note");
        assertFalse(state.exit(), "the owner sees the note");
        assertTrue(state.exit());
        assertTrue(state.enter());
    }

    /**
     * Two threads each announce work (a counter) and try to run; the owner drains everything it
     * sees before leaving. No announced unit may be left undrained and no two owners may overlap.
     */
    @Test
    void noReleaseIsLostAndNoTwoThreadsOwnAtOnce() throws Exception {
        RunState state = new RunState();
        AtomicLong announced = new AtomicLong();
        AtomicLong drained = new AtomicLong();
        AtomicInteger owners = new AtomicInteger();
        AtomicInteger overlaps = new AtomicInteger();
        Soak soak = Soak.start();
        AtomicLong rounds = new AtomicLong();
        Runnable worker = () -> {
            for (int i = 0; soak.more(i, 50_000); i++) {
                rounds.incrementAndGet();
                announced.incrementAndGet();
                if (!state.enter()) {
                    continue;
                }
                do {
                    if (owners.incrementAndGet() != 1) {
                        overlaps.incrementAndGet();
                    }
                    drained.set(announced.get());
                    owners.decrementAndGet();
                } while (!state.exit());
            }
        };
        Thread a = new Thread(worker);
        Thread b = new Thread(worker);
        a.start();
        b.start();
        a.join();
        b.join();
        assertEquals(0, overlaps.get());
        assertEquals(rounds.get(), drained.get(), "the last announcement was drained by some owner");
    }
}
