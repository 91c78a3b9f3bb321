package org.streamflex.bench.ids;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Semaphore;

/**
 * The IDS's detection logic in plain Java, as the baseline: a heap object per packet,
 * one thread per stage (reader, trust, tiny fragments, teardrop, dumper), {@code
 * ArrayBlockingQueue}s between them. Same rules as the StreamFlex filters.
 */
public final class PlainIds implements AutoCloseable {
    /** A parsed packet on the heap. */
    static final class Packet {
        int length;
        boolean ipv4;
        boolean malformed;
        int headerLength;
        int totalLength;
        int id;
        boolean moreFragments;
        int fragmentOffset;
        int protocol;
        int srcAddr;
        int dstAddr;
        int srcPort;
        int dstPort;
        int caughtBy;
    }

    private final BlockingQueue<byte[]> frames = new ArrayBlockingQueue<>(256);
    private final BlockingQueue<Packet> toTrust = new ArrayBlockingQueue<>(256);
    private final BlockingQueue<Packet> toVsip = new ArrayBlockingQueue<>(256);
    private final BlockingQueue<Packet> toTear = new ArrayBlockingQueue<>(256);
    private final BlockingQueue<Packet> toDump = new ArrayBlockingQueue<>(256);
    private final Semaphore dumped = new Semaphore(0);
    private final List<Thread> threads = new ArrayList<>();
    private final int trustedNetwork;
    private final int trustedMask;
    public volatile long packets;
    public volatile long bytes;
    public volatile long caught;

    public PlainIds(int trustedNetwork, int prefixLength) {
        this.trustedMask = prefixLength == 0 ? 0 : -1 << (32 - prefixLength);
        this.trustedNetwork = trustedNetwork & trustedMask;
        stage(() -> toTrust.put(parse(frames.take())));
        stage(() -> {
            Packet p = toTrust.take();
            if (p.ipv4 && !p.malformed && (p.srcAddr & trustedMask) == trustedNetwork) {
                p.caughtBy = 1;
                toDump.put(p);
            } else {
                toVsip.put(p);
            }
        });
        stage(() -> {
            Packet p = toVsip.take();
            if (p.ipv4 && !p.malformed && p.protocol == 6 && p.fragmentOffset == 0 && p.moreFragments
                    && p.totalLength - p.headerLength < 20) {
                p.caughtBy = 2;
                toDump.put(p);
            } else {
                toTear.put(p);
            }
        });
        Map<Long, int[]> datagrams = new HashMap<>();
        stage(() -> {
            Packet p = toTear.take();
            if (p.ipv4 && !p.malformed && (p.moreFragments || p.fragmentOffset > 0)) {
                long key = ((long) p.srcAddr << 32) ^ ((long) p.dstAddr << 16) ^ ((long) p.id << 8) ^ p.protocol;
                int start = p.fragmentOffset;
                int stop = start + p.totalLength - p.headerLength;
                int[] end = datagrams.get(key);
                if (end == null) {
                    datagrams.put(key, new int[] {stop});
                } else {
                    if (start < end[0]) {
                        p.caughtBy = 3;
                    }
                    end[0] = Math.max(end[0], stop);
                    if (!p.moreFragments) {
                        datagrams.remove(key);
                    }
                }
            }
            toDump.put(p);
        });
        stage(() -> {
            Packet p = toDump.take();
            packets++;
            bytes += p.length;
            if (p.caughtBy != 0) {
                caught++;
            }
            dumped.release();
        });
        threads.forEach(Thread::start);
    }

    private interface Step {
        void run() throws InterruptedException;
    }

    private void stage(Step step) {
        threads.add(Thread.ofPlatform().daemon().unstarted(() -> {
            try {
                while (true) {
                    step.run();
                }
            } catch (InterruptedException e) {
                // closed
            }
        }));
    }

    /** Analyzes {@code batch} and waits until the dumper has counted all of it. */
    public void analyze(List<byte[]> batch) throws InterruptedException {
        for (byte[] frame : batch) {
            frames.put(frame);
        }
        dumped.acquire(batch.size());
    }

    static Packet parse(byte[] f) {
        Packet p = new Packet();
        p.length = f.length;
        if (f.length < 14) {
            p.malformed = true;
            return p;
        }
        ByteBuffer b = ByteBuffer.wrap(f);
        if ((b.getShort(12) & 0xFFFF) != 0x0800) {
            return p;
        }
        p.ipv4 = true;
        int vi = f.length > 14 ? f[14] & 0xFF : 0;
        p.headerLength = (vi & 0x0F) * 4;
        if (vi >> 4 != 4 || p.headerLength < 20 || f.length < 14 + p.headerLength) {
            p.malformed = true;
            return p;
        }
        p.totalLength = b.getShort(16) & 0xFFFF;
        p.id = b.getShort(18) & 0xFFFF;
        int fragment = b.getShort(20) & 0xFFFF;
        p.moreFragments = (fragment & 0x2000) != 0;
        p.fragmentOffset = (fragment & 0x1FFF) * 8;
        p.protocol = f[23] & 0xFF;
        p.srcAddr = b.getInt(26);
        p.dstAddr = b.getInt(30);
        p.malformed = p.totalLength < p.headerLength || p.totalLength > f.length - 14;
        int transport = 14 + p.headerLength;
        if (!p.malformed && p.fragmentOffset == 0 && p.totalLength - p.headerLength >= 4) {
            p.srcPort = b.getShort(transport) & 0xFFFF;
            p.dstPort = b.getShort(transport + 2) & 0xFFFF;
        }
        return p;
    }

    @Override
    public void close() throws InterruptedException {
        threads.forEach(Thread::interrupt);
        for (Thread t : threads) {
            t.join(1000);
        }
    }
}
