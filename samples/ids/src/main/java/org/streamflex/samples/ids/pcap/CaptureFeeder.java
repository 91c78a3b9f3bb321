package org.streamflex.samples.ids.pcap;

import java.nio.ByteBuffer;
import java.util.concurrent.locks.LockSupport;
import org.streamflex.samples.ids.PacketBuffer;
import org.streamflex.samples.ids.PacketReader;

/**
 * The plain Java side of the IDS: reads a capture and hands its frames to the running reader in
 * batches of up to 16 KiB through its {@code @Atomic writeRecords}, waiting while the reader's
 * buffer is full, so that nothing is dropped. Frames too large for the reader's buffer are
 * counted, not analyzed.
 *
 * <pre>{@code
 * CaptureFeeder feeder = new CaptureFeeder(ids.reader);
 * CaptureCounts counts = feeder.feed(CaptureFile.open(path));   // returns at the end of the file
 * }</pre>
 */
public final class CaptureFeeder {
    /** Frames are handed over in batches of up to this many bytes: one @Atomic call each. */
    static final int BATCH = 16 * 1024;
    private final PacketReader reader;
    private final byte[] batch = new byte[BATCH];
    private int batchLength;
    private int batchFrames;
    private long batchBytes;
    private volatile long fed;
    private volatile long fedBytes;
    private volatile long tooLarge;
    private volatile boolean cancelled;
    private volatile boolean waiting;

    public CaptureFeeder(PacketReader reader) {
        this.reader = reader;
    }

    /** Feeds the whole capture (or until {@link #cancel}); what reading found. */
    public CaptureCounts feed(CaptureFile capture) {
        CaptureCounts counts = capture.read(this::frame);
        flush();
        return counts;
    }

    /** Stops feeding, from any thread: for when the graph has stopped and will not take more. */
    public void cancel() {
        cancelled = true;
    }

    private boolean frame(byte[] frame, int length, long nanos, int linkType) {
        int record = PacketBuffer.RECORD_HEADER + length;
        if (record > BATCH) {
            if (!flush()) {
                return false;
            }
            int taken;
            while ((taken = reader.write(frame, length, nanos, linkType)) == 0) {
                if (!await()) {
                    return false;
                }
            }
            waiting = false;
            count(taken, 1, length);
            return true;
        }
        if (batchLength + record > BATCH && !flush()) {
            return false;
        }
        ByteBuffer.wrap(batch, batchLength, PacketBuffer.RECORD_HEADER).putInt(length).putLong(nanos)
                .putShort((short) linkType);
        System.arraycopy(frame, 0, batch, batchLength + PacketBuffer.RECORD_HEADER, length);
        batchLength += record;
        batchFrames++;
        batchBytes += length;
        return !cancelled;
    }

    /** Hands the batch over; false if cancelled first. */
    private boolean flush() {
        if (batchLength == 0) {
            return true;
        }
        int taken;
        while ((taken = reader.writeRecords(batch, batchLength)) == 0) {
            if (!await()) {
                return false;
            }
        }
        waiting = false;
        count(taken, batchFrames, batchBytes);
        batchLength = 0;
        batchFrames = 0;
        batchBytes = 0;
        return true;
    }

    /** Waits a little for room in the reader's buffer; false if cancelled. */
    private boolean await() {
        waiting = true;
        if (cancelled) {
            return false;
        }
        LockSupport.parkNanos(20_000);
        return true;
    }

    /**
     * Whether the feeder is waiting for room in the reader's buffer: until the graph runs, no
     * more frames go in (a few large frames fill the buffer).
     */
    public boolean waiting() {
        return waiting;
    }

    // Only the feeding thread writes these counters; volatile lets others read them while it feeds.
    @SuppressWarnings("NonAtomicVolatileUpdate")
    private void count(int taken, int frames, long bytes) {
        if (taken < 0) {
            tooLarge += frames;
        } else {
            fed += frames;
            fedBytes += bytes;
        }
    }

    /** Frames handed to the reader so far. */
    public long fed() {
        return fed;
    }

    public long fedBytes() {
        return fedBytes;
    }

    /** Frames too large for the reader's buffer ({@code PacketBuffer.MAX_FRAME}): not analyzed. */
    public long tooLarge() {
        return tooLarge;
    }
}
