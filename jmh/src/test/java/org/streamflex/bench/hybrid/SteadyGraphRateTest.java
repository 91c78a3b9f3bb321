package org.streamflex.bench.hybrid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class SteadyGraphRateTest {

    @Test
    void aSteadyRunCountsWhatReachedTheSinkAndChecksItsSum() throws InterruptedException {
        // measure() throws unless the sink's sum is the plain loop's over as many items.
        SteadyGraphRate.Result r = SteadyGraphRate.measure(new Chain(4, 1, 3), 1_600);
        assertTrue(r.items() > 0, r.toString());
        assertTrue(r.perCpuSecond() >= 0, r.toString());
    }

    @Test
    void thePlainSumOfAnyCountIsTheExpectedChecksumAtPowersOfTwo() {
        Chain chain = new Chain(3, 1, 5);
        Expected expected = new Expected(chain.units(), chain.work());
        for (long items : new long[] {0, 1, 2, 1 << 10}) {
            assertEquals(expected.of(items), SteadyGraphRate.plainSum(chain, items), "items " + items);
        }
        assertEquals(new Checksum(3, WorkUnit.applyUnits(0, 3, 5) + WorkUnit.applyUnits(1, 3, 5)
                + WorkUnit.applyUnits(2, 3, 5)), SteadyGraphRate.plainSum(chain, 3));
    }

    @Test
    void aWrongArgumentPrintsTheUsageAndExitsTwo() throws InterruptedException {
        for (String[] args : new String[][] {{"32"}, {"32", "0"}, {"0", "8"}, {"x", "8"}, {"8", "8", "-1"},
                {"8", "8", "10", "4"}}) {
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int status = SteadyGraphRate.status(args, new PrintStream(new ByteArrayOutputStream(), true,
                    StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
            assertEquals(2, status, String.join(" ", args));
            assertTrue(err.toString(StandardCharsets.UTF_8).contains(SteadyGraphRate.USAGE), String.join(" ", args));
        }
    }
}
