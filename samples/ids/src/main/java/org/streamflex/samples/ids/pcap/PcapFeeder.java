package org.streamflex.samples.ids.pcap;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.concurrent.locks.LockSupport;
import org.streamflex.samples.ids.PacketBuffer;
import org.streamflex.samples.ids.PacketReader;

/**
 * The plain Java side of the IDS: reads a pcap stream and hands the frames to the running reader
 * in batches of up to 16 KiB through its {@code @Atomic writeRecords}, waiting while the reader's
 * buffer is full, so that nothing is dropped. Frames too large for the buffer are counted.
 */
public final class PcapFeeder {
    /** Frames are handed over in batches of up to this many bytes: one @Atomic call each. */
    static final int BATCH = 16 * 1024;
    private final PacketReader reader;
    private final byte[] batch = new byte[BATCH];
    private int batchLength;
    private int batchFrames;
    private long batchBytes;
    private volatile long fed;
    private volatile long fedBytes;
    private long oversize;

    public PcapFeeder(PacketReader reader) {
        this.reader = reader;
    }

    public PcapReader.Counts feed(InputStream in) throws IOException {
        PcapReader.Counts counts = PcapReader.read(in, this::frame);
        flush();
        return counts;
    }

    private void frame(byte[] frame, int length, long nanos) {
        int record = PacketBuffer.RECORD_HEADER + length;
        if (record > BATCH) {
            flush();
            int taken;
            while ((taken = reader.write(frame, length, nanos)) == 0) {
                LockSupport.parkNanos(20_000);
            }
            count(taken, 1, length);
            return;
        }
        if (batchLength + record > BATCH) {
            flush();
        }
        ByteBuffer.wrap(batch, batchLength, PacketBuffer.RECORD_HEADER).putShort((short) length).putLong(nanos);
        System.arraycopy(frame, 0, batch, batchLength + PacketBuffer.RECORD_HEADER, length);
        batchLength += record;
        batchFrames++;
        batchBytes += length;
    }

    private void flush() {
        if (batchLength == 0) {
            return;
        }
        int taken;
        while ((taken = reader.writeRecords(batch, batchLength)) == 0) {
            LockSupport.parkNanos(20_000);
        }
        count(taken, batchFrames, batchBytes);
        batchLength = 0;
        batchFrames = 0;
        batchBytes = 0;
    }

    private void count(int taken, int frames, long bytes) {
        if (taken < 0) {
            oversize += frames;
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

    /** Frames too large for the reader's buffer, not analyzed. */
    public long oversize() {
        return oversize;
    }
}
