package org.streamflex.samples.marmot;

import org.streamflex.Stable;

/**
 * A recording held in memory for a filter to read ({@link DoaBacklog}'s detections): interleaved
 * 16-bit frames, copied once when made. A node's source does not hold one: it reads its recording
 * a block at a time ({@link BlockReader}).
 *
 * <pre>{@code
 * PcmClip clip = new PcmClip(pcm, frames, 4);
 * ring.append(clip.data(), from, n);
 * }</pre>
 */
public final class PcmClip implements Stable {
    private final short[] data;
    private final int frames;

    /** A copy of the first {@code frames} frames of {@code pcm}, {@code channels} samples per frame. */
    public PcmClip(short[] pcm, int frames, int channels) {
        if (frames < 0 || pcm.length < frames * channels) {
            throw new IllegalArgumentException("PcmClip: " + frames + " frames of " + channels + " channels in "
                    + pcm.length + " samples");
        }
        this.data = new short[frames * channels];
        System.arraycopy(pcm, 0, data, 0, frames * channels);
        this.frames = frames;
    }

    /** The frames, interleaved. */
    public short[] data() {
        return data;
    }

    /** How many frames. */
    public int frames() {
        return frames;
    }
}
