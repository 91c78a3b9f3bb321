package org.streamflex.samples.marmot;

import org.streamflex.Stable;

/**
 * A node source's buffer of interleaved 16-bit frames, filled by its {@code work()} from a
 * {@link BlockReader} (or written by plain Java through the source's {@code @Atomic} call) and read
 * by its {@code work()}. Fixed capacity, no allocation after construction.
 *
 * <pre>{@code
 * PcmRing ring = new PcmRing(4, 8192);
 * ring.append(frames, 1024);          // 1 taken, 0 full now, -1 never fits
 * short s = ring.sample(0, 2);        // oldest frame, channel 2
 * ring.consume(1024);
 * }</pre>
 */
public final class PcmRing implements Stable {
    private final short[] data;
    private final int channels;
    private final int capacity;
    private int head;
    private int size;

    /** A ring of {@code capacityFrames} frames of {@code channels} channels. */
    public PcmRing(int channels, int capacityFrames) {
        this.channels = channels;
        this.capacity = capacityFrames;
        this.data = new short[channels * capacityFrames];
    }

    /**
     * Appends {@code frames} interleaved frames.
     *
     * @return 1 if taken, 0 if there is no room now, -1 if they could never fit
     */
    public int append(short[] src, int frames) {
        return append(src, 0, frames);
    }

    /**
     * Appends {@code frames} interleaved frames of {@code src}, from frame {@code fromFrame}.
     *
     * @return 1 if taken, 0 if there is no room now, -1 if they could never fit
     */
    public int append(short[] src, int fromFrame, int frames) {
        if (frames > capacity || frames < 0 || fromFrame < 0 || src.length < (fromFrame + frames) * channels) {
            return -1;
        }
        if (size + frames > capacity) {
            return 0;
        }
        // Two block copies at most (before and after the wrap): an @Atomic caller logs each store it makes
        // one by one, but a System.arraycopy as one entry.
        int tail = (head + size) % capacity;
        int first = Math.min(frames, capacity - tail);
        System.arraycopy(src, fromFrame * channels, data, tail * channels, first * channels);
        if (first < frames) {
            System.arraycopy(src, (fromFrame + first) * channels, data, 0, (frames - first) * channels);
        }
        size += frames;
        return 1;
    }

    /**
     * Reads up to {@code maxFrames} frames from {@code reader} straight into the free space after
     * the newest frame, as far as the ring's end (a ring emptied by {@link #consume} starts again at
     * its front, so a source that reads a block and sends it whole always has a block's room there).
     *
     * @return the frames read, or the reader's {@link BlockReader#END} or {@link BlockReader#BROKEN}
     */
    public int fill(BlockReader reader, int maxFrames) {
        int tail = (head + size) % capacity;
        int room = Math.min(maxFrames, tail >= head && size < capacity ? capacity - tail : capacity - size);
        if (room <= 0) {
            return 0;
        }
        int n = reader.read(data, tail, room);
        if (n > 0) {
            size += n;
        }
        return n;
    }

    /** Frames held. */
    public int frames() {
        return size;
    }

    /** Channel {@code channel} of the {@code i}-th oldest frame. */
    public short sample(int i, int channel) {
        return data[((head + i) % capacity) * channels + channel];
    }

    /**
     * Channel {@code channel} of the {@code n} oldest frames, each sample times {@code scale}, into
     * {@code dst[0 .. n)}: what {@code dst[i] = sample(i, channel) * scale} gives, with the ring's
     * wrap found once rather than a division per sample.
     */
    public void channel(int channel, int n, float scale, float[] dst) {
        int first = Math.min(n, capacity - head);
        int k = head * channels + channel;
        for (int i = 0; i < first; i++, k += channels) {
            dst[i] = data[k] * scale;
        }
        k = channel;
        for (int i = first; i < n; i++, k += channels) {
            dst[i] = data[k] * scale;
        }
    }

    /** Drops the {@code n} oldest frames. */
    public void consume(int n) {
        size -= n;
        head = size == 0 ? 0 : (head + n) % capacity;
    }
}
