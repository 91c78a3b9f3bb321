package org.streamflex.bench.hybrid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
}
