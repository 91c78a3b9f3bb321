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

    @Test
    void aFillReadsStraightIntoTheRingUpToItsEndAndAnEmptiedRingStartsAtItsFront() {
        PcmRing ring = new PcmRing(4, 10);
        Counting reader = new Counting();
        assertEquals(1, ring.append(new short[4 * 7], 7));
        ring.consume(3); // frames 3..6 held, the tail at slot 7: three slots before the wrap
        assertEquals(3, ring.fill(reader, 8), "no further than the ring's end");
        assertEquals(7, ring.frames());
        assertEquals(3, ring.fill(reader, 8), "then the slots freed at its front");
        assertEquals(0, ring.fill(reader, 8), "full");
        assertEquals(2, ring.sample(4, 2), "the first frame read, after the 4 appended");
        assertEquals(4 * 5 + 2, ring.sample(9, 2), "the last");
        ring.consume(10);
        assertEquals(10, ring.fill(reader, 10), "an emptied ring has its whole length free in one piece");
        assertEquals(4 * 6 + 3, ring.sample(0, 3));
        reader.answer = BlockReader.END;
        ring.consume(10);
        assertEquals(BlockReader.END, ring.fill(reader, 4), "the reader's end, passed on");
        assertEquals(0, ring.frames());
    }

    /** Frames numbered in order: sample {@code 4 * frame + channel}; or a fixed answer. */
    private static final class Counting implements BlockReader {
        int next;
        int answer;

        @Override
        public int channels() {
            return 4;
        }

        @Override
        public int read(short[] frames, int fromFrame, int maxFrames) {
            if (answer < 0) {
                return answer;
            }
            for (int i = 0; i < 4 * maxFrames; i++) {
                frames[4 * fromFrame + i] = (short) (4 * next + i);
            }
            next += maxFrames;
            return maxFrames;
        }
    }

    private static float[] copied(PcmRing ring, int channel) {
        float[] out = new float[7];
        ring.channel(channel, 7, 1f / 32_768f, out);
        return out;
    }
}
