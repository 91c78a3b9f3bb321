package org.streamflex.samples.marmot;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class PcmRingTest {
    @Test
    void aChannelCopiedAcrossTheWrapIsEachSampleScaledAsSampleReadsIt() {
        PcmRing ring = new PcmRing(4, 10);
        short[] frames = new short[4 * 7];
        for (int i = 0; i < frames.length; i++) {
            frames[i] = (short) (i * 1237 - 16_000);
        }
        assertEquals(1, ring.append(frames, 7));
        ring.consume(6); // the oldest frame is now at slot 6: the next 7 frames wrap after 4
        assertEquals(1, ring.append(frames, 6));
        float[] copied = new float[7];
        for (int channel = 0; channel < 4; channel++) {
            ring.channel(channel, 7, 1f / 32_768f, copied);
            for (int i = 0; i < 7; i++) {
                assertEquals(ring.sample(i, channel) * (1f / 32_768f), copied[i], "frame " + i + ", channel "
                        + channel);
            }
        }
        assertEquals(frames[4 * 6 + 2] / 32_768f, copied(ring, 2)[0], "the oldest frame is the first batch's last");
        assertEquals(frames[4 * 5 + 1] / 32_768f, copied(ring, 1)[6], "the newest is the second batch's last");
    }

    private static float[] copied(PcmRing ring, int channel) {
        float[] out = new float[7];
        ring.channel(channel, 7, 1f / 32_768f, out);
        return out;
    }
}
