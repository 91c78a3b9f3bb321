package org.streamflex.bench.streamit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The plain-Java split that {@code ScalingMain --program filterbank} measures beside the graph. */
class PlainFilterBankThreadsTest {
    /** Long enough for a machine whose cores other processes keep busy; a stall fails, not hangs. */
    private static final long PATIENCE_NANOS = TimeUnit.SECONDS.toNanos(120);

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 5, 8})
    void everyShareOfTheBanksGivesTheStreamItLibrarysOutputsToTheBit(int threads) throws Exception {
        // Banks shared out unevenly (3 and 5 threads), combined across rings that wrap many times:
        // a slot reused too early, a bank combined out of order or a block skipped changes a value.
        float[] expected = ReferenceTrace.load("filterbank-new.out");
        PlainFilterBankThreads plain = new PlainFilterBankThreads(threads);
        plain.start();
        long giveUp = System.nanoTime() + PATIENCE_NANOS;
        while (plain.iterations() * FilterBankGraph.OUTPUTS_PER_ITERATION < expected.length
                && System.nanoTime() < giveUp) {
            Thread.sleep(5);
        }
        plain.stop();
        float[] kept = plain.kept();
        assertTrue(kept.length >= expected.length, "only " + kept.length + " outputs in 120 s on " + threads
                + " threads");
        for (int i = 0; i < expected.length; i++) {
            int at = i;
            assertEquals(Float.floatToIntBits(expected[i]), Float.floatToIntBits(kept[i]),
                    () -> "output " + at + " on " + threads + " threads: expected " + expected[at] + ", got "
                            + kept[at]);
        }
    }

    @Test
    void stopEndsEveryThreadAndTheCountStaysPut() throws Exception {
        PlainFilterBankThreads plain = new PlainFilterBankThreads(2);
        plain.start();
        long giveUp = System.nanoTime() + PATIENCE_NANOS;
        while (plain.iterations() == 0 && System.nanoTime() < giveUp) {
            Thread.sleep(1);
        }
        plain.stop();
        long stopped = plain.iterations();
        assertTrue(stopped > 0, "nothing combined in 120 s");
        assertTrue(Thread.getAllStackTraces().keySet().stream()
                .noneMatch(t -> t.getName().startsWith("plain-filterbank-") && t.isAlive()),
                "a thread outlived stop()");
        Thread.sleep(20);
        assertEquals(stopped, plain.iterations());
    }

    @Test
    void threadCountsOutsideOneToOnePerBankAreRefused() {
        IllegalArgumentException zero = assertThrows(IllegalArgumentException.class,
                () -> new PlainFilterBankThreads(0));
        assertEquals("threads must be 1 to 8 (one per bank at most): 0", zero.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new PlainFilterBankThreads(9));
    }
}
