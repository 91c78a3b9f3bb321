package org.streamflex.samples.marmot;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class DoaWireTest {
    @Test
    void aDetectionTravelsIn388BytesAndComesBackTheSame() {
        byte[] levels = new byte[360];
        for (int a = 0; a < 360; a++) {
            levels[a] = (byte) (a * 7);
        }
        byte[] wire = DoaWire.encode(3, 5_000_000_123_000L, 4_950_000_123_000L, 5_120_000_123_000L, 271.25f, levels);
        assertEquals(388, wire.length);
        DoaWire.Decoded d = DoaWire.decode(wire);
        assertEquals(3, d.node());
        assertEquals(5_000_000_123_000L, d.onsetNanos());
        assertEquals(4_950_000_123_000L, d.startNanos());
        assertEquals(5_120_000_123_000L, d.endNanos());
        assertEquals(271.25f, d.azimuth());
        assertArrayEquals(levels, d.levels());
        wire[0] = 9;
        assertThrows(IllegalArgumentException.class, () -> DoaWire.decode(wire));
    }
}
