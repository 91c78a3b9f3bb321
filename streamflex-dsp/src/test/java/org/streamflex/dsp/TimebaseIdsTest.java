package org.streamflex.dsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

/** One id per distinct timebase, the same on every thread, and lookups that allocate nothing. */
class TimebaseIdsTest {
    @Test
    void equalTimebasesShareAnIdAndTheIdGivesTheTimebaseBack() {
        Timebase mic = Timebase.of("ids-mic", 48_000, 0);
        int id = TimebaseIds.id(mic);
        assertEquals(id, TimebaseIds.id(Timebase.of("ids-mic", 48_000, 0)), "interned by equals");
        assertNotEquals(id, TimebaseIds.id(Timebase.of("ids-mic", 48_000, 1)), "another origin is another clock");
        assertNotEquals(id, TimebaseIds.id(Timebase.of("ids-mic", 44_100, 0)));
        assertSame(mic, TimebaseIds.timebase(id), "the first registered instance");
    }

    @Test
    void anUnknownIdIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TimebaseIds.timebase(1 << 30));
        assertTrue(e.getMessage().startsWith("no timebase has id 1073741824"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> TimebaseIds.timebase(-1));
    }

    @Test
    void threadsRegisteringAtOnceGetOneIdPerTimebase() throws InterruptedException {
        int threads = 4;
        int timebases = 200;
        AtomicIntegerArray seen = new AtomicIntegerArray(threads * timebases);
        CountDownLatch go = new CountDownLatch(1);
        List<Thread> started = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int thread = t;
            Thread th = new Thread(() -> {
                try {
                    go.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
                for (int i = 0; i < timebases; i++) {
                    seen.set(thread * timebases + i, TimebaseIds.id(Timebase.of("ids-race-" + i, 8_000, 0)));
                }
            });
            th.start();
            started.add(th);
        }
        go.countDown();
        for (Thread th : started) {
            th.join();
        }
        for (int i = 0; i < timebases; i++) {
            int id = seen.get(i);
            for (int t = 1; t < threads; t++) {
                assertEquals(id, seen.get(t * timebases + i), "timebase " + i + " on thread " + t);
            }
            assertEquals(Timebase.of("ids-race-" + i, 8_000, 0), TimebaseIds.timebase(id));
        }
    }

    @Test
    void lookingUpAKnownTimebaseAllocatesNothing() {
        Timebase tb = Timebase.of("ids-quiet", 16_000, 0);
        int id = TimebaseIds.id(tb);
        long bytes = HeapBytes.steadyState(() -> {
            for (int i = 0; i < 10_000; i++) {
                if (TimebaseIds.id(tb) != id || !TimebaseIds.timebase(id).equals(tb)) {
                    throw new AssertionError("lost " + tb);
                }
            }
        });
        assertEquals(0, bytes);
    }
}
