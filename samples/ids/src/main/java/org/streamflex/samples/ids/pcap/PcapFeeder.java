package org.streamflex.samples.ids.pcap;

import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.locks.LockSupport;
import org.streamflex.samples.ids.PacketReader;

/**
 * The plain Java side of the IDS: reads a pcap stream and hands each frame to the running
 * reader through its {@code @Atomic write}, waiting while the reader's buffer is full, so that
 * nothing is dropped. Frames too large for the buffer are counted.
 */
public final class PcapFeeder {
    private final PacketReader reader;
    private volatile long fed;
    private volatile long fedBytes;
    private long oversize;

    public PcapFeeder(PacketReader reader) {
        this.reader = reader;
    }

    public PcapReader.Counts feed(InputStream in) throws IOException {
        return PcapReader.read(in, (frame, length, nanos) -> {
            int taken;
            while ((taken = reader.write(frame, length, nanos)) == 0) {
                LockSupport.parkNanos(20_000);
            }
            if (taken < 0) {
                oversize++;
            } else {
                fed++;
                fedBytes += length;
            }
        });
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
