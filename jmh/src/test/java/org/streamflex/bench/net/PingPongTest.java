package org.streamflex.bench.net;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The tail table of {@link PingPong}: slow round trips counted in the tenth of the run they ran in. */
class PingPongTest {
    @Test
    void slowRoundTripsAreCountedInTheTenthTheyRanIn() {
        long[] rtt = new long[1000];
        Arrays.fill(rtt, 10_000); // a median of 10 us round trip
        rtt[0] = 10_000 * PingPong.SLOW_FACTOR + 1; // first tenth
        rtt[99] = 5_000_000; // still the first tenth
        rtt[100] = 5_000_000; // second tenth
        rtt[999] = 5_000_000; // last tenth
        rtt[500] = 10_000 * PingPong.SLOW_FACTOR; // at the bound: not slow
        PingPong p = PingPong.of(rtt, 100, 200);

        assertArrayEquals(new int[] {2, 1, 0, 0, 0, 0, 0, 0, 0, 1}, p.slowByPart());
        String row = p.tailRow("link");
        assertTrue(row.matches("link +2 +1( +0){7} +1 +4  100-200 ms"), row);
        assertEquals(5.0, p.median(), 1e-9, "the median one-way time stays the sorted middle round trip / 2");
    }

    @Test
    void fewerPingsThanTenthsStillLandInRange() {
        long[] rtt = {1_000, 1_000, 1_000_000};
        assertArrayEquals(new int[] {0, 0, 0, 0, 0, 0, 1, 0, 0, 0}, PingPong.of(rtt, 0, 1).slowByPart());
    }
}
