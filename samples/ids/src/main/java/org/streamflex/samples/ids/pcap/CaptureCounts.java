package org.streamflex.samples.ids.pcap;

/**
 * What reading a capture found. Every byte read is counted once, as a header byte, a frame
 * byte, a skipped byte or a malformed byte: the four add up to {@link #fileBytes}.
 *
 * <pre>{@code
 * CaptureCounts c = capture.read(sink);
 * if (c.stopped != null) System.err.println("damaged: " + c.stopped);
 * }</pre>
 */
public final class CaptureCounts {
    /** Bytes read from the capture (after decompression). */
    public long fileBytes;
    /** File, section and record headers, padding, options and metadata blocks. */
    public long headerBytes;
    /** Bytes of the frames handed on. */
    public long frameBytes;
    /** Whole, well-formed records the IDS does not analyze: link types it does not read, frames too large. */
    public long skippedBytes;
    /** Records that are damaged or impossible, and whatever follows damage that ends the read. */
    public long malformedBytes;
    /** Frames handed on. */
    public long frames;
    /** Records skipped, and why the first one was. */
    public long skippedRecords;
    public String firstSkipped;
    /** Damaged records read past (pcapng's blocks say where the next one starts), and the first's fault. */
    public long damagedRecords;
    public String firstDamaged;
    /** Why reading ended before the end of the capture, or null if it read to the end. */
    public String stopped;

    /** All counts zero: a reader adds to them as it reads. */
    public CaptureCounts() {
    }

    /** Whether anything in the capture was damaged, whether reading went on past it or not. */
    public boolean damaged() {
        return stopped != null || damagedRecords > 0;
    }

    long accountedBytes() {
        return headerBytes + frameBytes + skippedBytes + malformedBytes;
    }

    void skip(long bytes, String why) {
        skippedBytes += bytes;
        skippedRecords++;
        if (firstSkipped == null) {
            firstSkipped = why;
        }
    }

    void damage(long bytes, String why) {
        malformedBytes += bytes;
        damagedRecords++;
        if (firstDamaged == null) {
            firstDamaged = why;
        }
    }

    void stop(long malformed, String why) {
        malformedBytes += malformed;
        if (stopped == null) {
            stopped = why;
        }
    }

    @Override
    public String toString() {
        return frames + " frames (" + frameBytes + " bytes), " + skippedRecords + " records skipped, "
                + damagedRecords + " damaged, " + malformedBytes + " malformed bytes"
                + (stopped == null ? "" : "; stopped: " + stopped);
    }
}
