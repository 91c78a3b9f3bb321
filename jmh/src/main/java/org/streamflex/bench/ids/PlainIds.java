package org.streamflex.bench.ids;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Semaphore;
import org.streamflex.samples.ids.FragmentLimits;
import org.streamflex.samples.ids.IpHdr;

/**
 * The IDS's detection logic in plain Java, as the baseline: a heap object per packet,
 * one thread per stage (reader, trust, tiny fragments, teardrop, dumper), {@code
 * ArrayBlockingQueue}s between them. Same rules as the StreamFlex filters, written as plain Java
 * would: VLAN tags read past, and per datagram a {@code TreeMap} of the ranges kept in a
 * {@code LinkedHashMap} in access order that gives up the least recently active datagram when
 * full. The batches it is measured on carry no capture times, so it leaves out the timeout.
 */
public final class PlainIds implements AutoCloseable {
    /** A parsed packet on the heap. */
    static final class Packet {
        int length;
        int vlan = -1;
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

    /** The StreamFlex side's bounds. */
    static final int TRACKERS = FragmentLimits.DEFAULT.trackers();
    static final int FRAGMENTS_PER_DATAGRAM = FragmentLimits.DEFAULT.fragmentsPerDatagram();
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

    // Only the dumping stage's thread writes the counters; volatile lets the benchmark thread read them.
    @SuppressWarnings("NonAtomicVolatileUpdate")
    public PlainIds(int trustedNetwork, int prefixLength) {
        this.trustedMask = prefixLength == 0 ? 0 : -1 << (32 - prefixLength);
        this.trustedNetwork = trustedNetwork & trustedMask;
        stage(() -> toTrust.put(parse(frames.take())));
        stage(() -> {
            Packet p = toTrust.take();
            if (p.ipv4 && !p.malformed && (p.srcAddr & trustedMask) == this.trustedNetwork) { // the field: masked
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
        Map<Datagram.Key, Datagram> datagrams = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Datagram.Key, Datagram> eldest) {
                return size() > TRACKERS;
            }
        };
        stage(() -> {
            Packet p = toTear.take();
            if (p.ipv4 && !p.malformed && (p.moreFragments || p.fragmentOffset > 0)) {
                int start = p.fragmentOffset;
                int stop = start + p.totalLength - p.headerLength;
                if (IpHdr.MIN_HEADER + stop > IpHdr.MAX_DATAGRAM) {
                    p.caughtBy = 4; // the ping of death: caught and not kept, as TearDrop does
                } else {
                    Datagram.Key key = new Datagram.Key(p.srcAddr, p.dstAddr, p.id << 8 | p.protocol, p.vlan);
                    Datagram d = datagrams.computeIfAbsent(key, k -> new Datagram());
                    if (stop > start && d.conflicts(start, stop, !p.moreFragments)) {
                        p.caughtBy = 3;
                    } else if (d.complete()) {
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

    /** The teardrop rule's memory of one datagram: its kept ranges, start to end, disjoint. */
    static final class Datagram {
        record Key(int src, int dst, int idAndProtocol, int vlan) {
        }

        final TreeMap<Integer, Integer> ranges = new TreeMap<>();
        int end = -1;
        int covered;
        int furthest;

        /** Keeps the range unless it conflicts with one kept: overlapping and not the same, or another end. */
        boolean conflicts(int start, int stop, boolean last) {
            Map.Entry<Integer, Integer> before = ranges.lowerEntry(stop);
            if (before != null && before.getValue() > start) {
                boolean same = before.getKey() == start && before.getValue() == stop;
                return !(same && (end == stop) == last);
            }
            if ((end >= 0 && (stop > end || (last && stop != end))) || (last && furthest > stop)) {
                return true;
            }
            if (ranges.size() < FRAGMENTS_PER_DATAGRAM) {
                ranges.put(start, stop);
                covered += stop - start;
                furthest = Math.max(furthest, stop);
                if (last) {
                    end = stop;
                }
            }
            return false;
        }

        boolean complete() {
            return end >= 0 && covered == end;
        }
    }

    static Packet parse(byte[] f) {
        Packet p = new Packet();
        p.length = f.length;
        if (f.length < 14) {
            p.malformed = true;
            return p;
        }
        ByteBuffer b = ByteBuffer.wrap(f);
        int net = 14;
        int type = b.getShort(12) & 0xFFFF;
        while (type == 0x8100 || type == 0x88A8 || type == 0x9100) {
            if (f.length < net + 4) {
                p.malformed = true;
                return p;
            }
            if (p.vlan < 0) {
                p.vlan = b.getShort(net) & 0x0FFF;
            }
            type = b.getShort(net + 2) & 0xFFFF;
            net += 4;
        }
        if (type != 0x0800) {
            return p;
        }
        p.ipv4 = true;
        int vi = f.length > net ? f[net] & 0xFF : 0;
        p.headerLength = (vi & 0x0F) * 4;
        if (vi >> 4 != 4 || p.headerLength < 20 || f.length < net + p.headerLength) {
            p.malformed = true;
            return p;
        }
        p.totalLength = b.getShort(net + 2) & 0xFFFF;
        p.id = b.getShort(net + 4) & 0xFFFF;
        int fragment = b.getShort(net + 6) & 0xFFFF;
        p.moreFragments = (fragment & 0x2000) != 0;
        p.fragmentOffset = (fragment & 0x1FFF) * 8;
        p.protocol = f[net + 9] & 0xFF;
        p.srcAddr = b.getInt(net + 12);
        p.dstAddr = b.getInt(net + 16);
        if (p.totalLength == 0 && !p.moreFragments && p.fragmentOffset == 0) {
            p.totalLength = f.length - net; // segmentation offload, as the reader reads it
        }
        p.malformed = p.totalLength < p.headerLength || p.totalLength > f.length - net;
        int transport = net + p.headerLength;
        if (!p.malformed && p.fragmentOffset == 0 && p.totalLength - p.headerLength >= 4) {
            p.srcPort = b.getShort(transport) & 0xFFFF;
            p.dstPort = b.getShort(transport + 2) & 0xFFFF;
        }
        return p;
    }

    @Override
    public void close() {
        threads.forEach(Thread::interrupt);
        try {
            for (Thread t : threads) {
                t.join(1000);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // thrown from close(), it would be lost as a suppressed exception
        }
    }
}
