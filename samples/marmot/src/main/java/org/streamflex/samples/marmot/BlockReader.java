package org.streamflex.samples.marmot;

import org.streamflex.Stable;

/**
 * Where a source's frames come from when it reads them itself, a block per release, inside its
 * {@code work()}, as a capture driver reads its device: a node's recording
 * ({@link ArrayRecording}) or a sound card's capture line ({@link LineRecording}). Frames are
 * interleaved 16-bit samples, {@code frames[channels * i + channel]}.
 *
 * <p>Stable by declaration so that a filter may keep one in a field (checker rule R2). That is
 * safe because an implementation is made by plain Java before the graph runs and is never created
 * by filter code: it is outside the reachable class set, its code is not woven, and whatever it
 * allocates (its stream, its byte buffer) lives on the heap, never in a region that dies when
 * {@code work()} returns. A filter must not create one.
 *
 * <pre>{@code
 * int n = reader.read(frames, 0, 1024);
 * if (n == BlockReader.END) { ... } else if (n == BlockReader.BROKEN) { ... the reader knows why ... }
 * }</pre>
 */
public interface BlockReader extends Stable {
    /** {@link #read}'s answer once every frame has been read. */
    int END = -1;
    /**
     * {@link #read}'s answer once the input has broken off (cut short, an I/O error): the frames
     * before the break have been delivered; the reader keeps the reason, and says it from then on.
     */
    int BROKEN = -2;

    /** Samples per frame: one per microphone. */
    int channels();

    /**
     * Reads up to {@code maxFrames} frames into {@code frames}, from frame {@code fromFrame} on,
     * allocating nothing once warm. A file delivers all it is asked for until its end; a live
     * device may deliver fewer, or 0 when it has nothing yet.
     *
     * @return the frames read, {@link #END} or {@link #BROKEN}
     */
    int read(short[] frames, int fromFrame, int maxFrames);
}
