package org.streamflex.samples.ids.pcap;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Writes pcap files of benign traffic with attacks injected at known places: teardrop overlaps,
 * tiny TCP fragments, and flows from the trusted network. Benign traffic includes TCP and UDP of
 * many sizes, datagrams fragmented without overlap, and frames that are not IPv4 (ARP). Each frame's
 * capture time is its index in microseconds, so a test can name every frame.
 *
 * <pre>
 * java -cp samples/ids/target/streamflex-ids.jar org.streamflex.samples.ids.pcap.TrafficGenerator out.pcap 20000 1
 * </pre>
 */
public final class TrafficGenerator {
    /** The trusted network of the generated traffic: 10.1.0.0/16. */
    public static final int TRUSTED_NETWORK = 0x0A010000;
    public static final int TRUSTED_PREFIX = 16;

    /** What a frame is, as the IDS should report it. */
    public enum Kind { BENIGN, TRUSTED, TINY_FRAGMENT, TEARDROP, NOT_IPV4 }

    /** One generated frame and what the IDS should say of it. Frames are never compared or hashed. */
    @SuppressWarnings("ArrayRecordComponent")
    public record Frame(byte[] bytes, long timestampNanos, Kind kind) {
    }

    private final SplittableRandom random;
    private final List<Frame> frames = new ArrayList<>();
    private int ipId = 1;

    public TrafficGenerator(long seed) {
        this.random = new SplittableRandom(seed);
    }

    /** About {@code count} frames, one attack or trusted flow every 50 or so. */
    public List<Frame> generate(int count) {
        while (frames.size() < count) {
            int dice = random.nextInt(100);
            if (dice < 2) {
                teardrop();
            } else if (dice < 4) {
                tinyFragment();
            } else if (dice < 8) {
                add(tcp(TRUSTED_NETWORK | random.nextInt(1 << 16), benignAddress(), 100 + random.nextInt(900)),
                        Kind.TRUSTED);
            } else if (dice < 10) {
                add(arp(), Kind.NOT_IPV4);
            } else if (dice < 14) {
                fragmentedBenign();
            } else if (dice < 40) {
                add(udp(benignAddress(), benignAddress(), 20 + random.nextInt(500)), Kind.BENIGN);
            } else {
                add(tcp(benignAddress(), benignAddress(), random.nextInt(1460)), Kind.BENIGN);
            }
        }
        return frames;
    }

    /**
     * The longest prefix of {@code frames} that fits in {@code capacity} bytes with {@code
     * overhead} more per frame, and does not end inside a fragmented datagram: so that analyzing it
     * twice sees each datagram whole both times.
     */
    public static List<Frame> wholeDatagramsFitting(List<Frame> frames, int capacity, int overhead) {
        int end = 0;
        int used = 0;
        while (end < frames.size() && used + frames.get(end).bytes().length + overhead <= capacity) {
            used += frames.get(end).bytes().length + overhead;
            end++;
        }
        while (end > 0 && moreFragments(frames.get(end - 1).bytes())) {
            end--;
        }
        return List.copyOf(frames.subList(0, end));
    }

    private static boolean moreFragments(byte[] frame) {
        return frame.length > 20 && frame[12] == 0x08 && frame[13] == 0x00 && (frame[20] & 0x20) != 0;
    }

    public static void write(List<Frame> frames, OutputStream out, ByteOrder order, boolean nanos) throws IOException {
        try (PcapWriter w = new PcapWriter(new BufferedOutputStream(out), order, nanos, 1)) {
            for (Frame f : frames) {
                w.write(f.bytes(), f.bytes().length, f.timestampNanos());
            }
        }
    }

    public static void main(String[] args) {
        String usage = "usage: TrafficGenerator OUT.pcap [frames (20000)] [seed (1)]";
        if (args.length < 1 || args.length > 3) {
            System.err.println(usage);
            System.exit(2);
        }
        int count = 20_000;
        long seed = 1;
        try {
            count = args.length > 1 ? Integer.parseInt(args[1]) : count;
            seed = args.length > 2 ? Long.parseLong(args[2]) : seed;
        } catch (NumberFormatException e) {
            System.err.println("TrafficGenerator: frames and seed are whole numbers (" + e.getMessage() + "); "
                    + usage);
            System.exit(2);
        }
        if (count < 1) {
            System.err.println("TrafficGenerator: frames must be at least 1, not " + count);
            System.exit(2);
        }
        List<Frame> frames = new TrafficGenerator(seed).generate(count);
        try (OutputStream out = Files.newOutputStream(Path.of(args[0]))) {
            write(frames, out, ByteOrder.LITTLE_ENDIAN, false);
        } catch (IOException e) {
            System.err.println("TrafficGenerator: cannot write " + args[0] + ": " + e.getMessage());
            System.exit(3);
        }
        System.out.println("wrote " + frames.size() + " frames to " + args[0]);
    }

    private int benignAddress() {
        return 0xC0A80000 | random.nextInt(1 << 16); // 192.168.0.0/16
    }

    private void add(byte[] frame, Kind kind) {
        frames.add(new Frame(frame, frames.size() * 1000L, kind));
    }

    /** A fragment of 8 to 36 bytes at offset 0, then one that starts inside it. */
    private void teardrop() {
        int id = ipId++;
        int src = benignAddress();
        int dst = benignAddress();
        add(ip(src, dst, id, 17, true, 0, payload(36)), Kind.BENIGN);
        add(ip(src, dst, id, 17, false, 24, payload(4)), Kind.TEARDROP);
    }

    /** A first TCP fragment of 8 bytes, too short for a TCP header, and the rest. */
    private void tinyFragment() {
        int id = ipId++;
        int src = benignAddress();
        int dst = benignAddress();
        add(ip(src, dst, id, 6, true, 0, payload(8)), Kind.TINY_FRAGMENT);
        add(ip(src, dst, id, 6, false, 8, payload(32)), Kind.BENIGN);
    }

    /** A UDP datagram in two fragments that do not overlap. */
    private void fragmentedBenign() {
        int id = ipId++;
        int src = benignAddress();
        int dst = benignAddress();
        add(ip(src, dst, id, 17, true, 0, payload(1480)), Kind.BENIGN);
        add(ip(src, dst, id, 17, false, 1480, payload(8 + random.nextInt(500))), Kind.BENIGN);
    }

    /**
     * Payloads are slices of a text at random places: what the IDS reads is headers, and the
     * bundled sample compresses.
     */
    private static final byte[] TEXT = ("GET /index.html HTTP/1.1\r\nHost: example.org\r\nUser-Agent: streamflex-ids"
            + "\r\nAccept: */*\r\n\r\nLorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor.")
            .getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    private byte[] payload(int n) {
        byte[] p = new byte[n];
        int start = random.nextInt(TEXT.length);
        for (int i = 0; i < n; i++) {
            p[i] = TEXT[(start + i) % TEXT.length];
        }
        return p;
    }

    private byte[] tcp(int src, int dst, int payloadLength) {
        ByteBuffer t = ByteBuffer.allocate(20 + payloadLength);
        t.putShort((short) (1024 + random.nextInt(60000))).putShort((short) 443).putInt(random.nextInt()).putInt(0)
                .put((byte) 0x50).put((byte) 0x18).putShort((short) 65535).putShort((short) 0).putShort((short) 0);
        t.put(payload(payloadLength));
        return ip(src, dst, ipId++, 6, false, 0, t.array());
    }

    private byte[] udp(int src, int dst, int payloadLength) {
        ByteBuffer u = ByteBuffer.allocate(8 + payloadLength);
        u.putShort((short) (1024 + random.nextInt(60000))).putShort((short) 53).putShort((short) (8 + payloadLength))
                .putShort((short) 0).put(payload(payloadLength));
        return ip(src, dst, ipId++, 17, false, 0, u.array());
    }

    private static byte[] ip(int src, int dst, int id, int protocol, boolean more, int offset, byte[] payload) {
        ByteBuffer f = ByteBuffer.allocate(14 + 20 + payload.length).order(ByteOrder.BIG_ENDIAN);
        f.put(new byte[] {2, 0, 0, 0, 0, 1, 2, 0, 0, 0, 0, 2}).putShort((short) 0x0800);
        f.put((byte) 0x45).put((byte) 0).putShort((short) (20 + payload.length)).putShort((short) id)
                .putShort((short) ((more ? 0x2000 : 0) | offset / 8)).put((byte) 64).put((byte) protocol)
                .putShort((short) 0).putInt(src).putInt(dst);
        f.put(payload);
        return f.array();
    }

    private static byte[] arp() {
        ByteBuffer f = ByteBuffer.allocate(42);
        f.put(new byte[] {-1, -1, -1, -1, -1, -1, 2, 0, 0, 0, 0, 3}).putShort((short) 0x0806);
        f.put(new byte[28]);
        return f.array();
    }
}
