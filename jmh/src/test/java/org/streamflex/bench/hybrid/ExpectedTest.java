package org.streamflex.bench.hybrid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class ExpectedTest {
    @Test
    void identityChainsSumTheItems() {
        Expected identity = new Expected(31, 0);
        assertEquals(new Checksum(1024, 1023 * 1024 / 2.0), identity.of(1024));
        assertEquals(new Checksum(0, 0.0), identity.of(0));
    }

    @Test
    void aSmallerRunAskedAfterALargerOneGetsItsOwnSum() {
        Expected work = new Expected(2, 10);
        Checksum large = work.of(1 << 12);
        Checksum small = work.of(1 << 5);
        assertEquals(new Expected(2, 10).of(1 << 5), small);
        assertEquals(new Expected(2, 10).of(1 << 12), large);
    }

    @Test
    void aRunThatIsNotAPowerOfTwoIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new Expected(1, 0).of(100));
        assertEquals("runs have a power of two of items, not 100", e.getMessage());
    }
}
