package org.streamflex.bench.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.streamflex.runtime.capsule.CapsuleType;
import org.streamflex.runtime.net.CapsuleCodec;

/**
 * {@code PayloadBenchMain} in a JVM of its own, with tiny settings: both sizes' latencies (the event-loop echo's
 * too), the interleaved rounds' ratios, counts, the peer gone.
 */
@Timeout(300) // a guard against a hang, not a limit on speed
class PayloadBenchMainTest {
    private static final String NUMBER = "[0-9]+(\\.[0-9]+)?";

    @Test
    void tinyRunPrintsLatencyAtBothSizesAndThroughputWithCountsThatReconcile() throws Exception {
        LinkBenchMainTest.Exit e = LinkBenchMainTest.run(PayloadBenchMain.class, "--seconds", "0.2", "--pings", "200",
                "--warmup", "0");
        String all = e.out() + "\n" + e.err();
        assertEquals(0, e.exit(), all);
        List<String> lines = e.out().lines().toList();
        for (String size : List.of("512 B", "8192 B")) {
            for (String row : List.of("raw Netty ", "raw Netty, thread answers ", "capsule link ",
                    "capsule link, event-loop echo ")) {
                assertTrue(lines.stream().anyMatch(l -> l.matches(row + size + " +" + NUMBER + " +" + NUMBER)),
                        row + size + "\n" + all);
            }
            for (String row : List.of("ratio link / raw Netty ", "ratio thread answers / raw ",
                    "ratio link / thread answers ", "ratio loop echo / raw Netty ")) {
                assertTrue(lines.stream().anyMatch(l -> l.matches(row + size + " +" + NUMBER + "x +" + NUMBER + "x")),
                        row + size + "\n" + all);
            }
        }
        for (String size : List.of("512 B", "8192 B")) {
            for (String row : List.of("ratio put, get / raw Netty ", "ratio putThenGet / raw Netty ")) {
                assertTrue(lines.stream().anyMatch(l -> l.matches(row + size + " +" + NUMBER + "x +" + NUMBER + "x")),
                        row + size + "\n" + all);
            }
        }
        for (String size : List.of("512 B", "8192 B")) {
            for (String row : List.of("raw Netty ", "capsule link ", "space-time putThenGet ")) {
                // the tail table: slow round trips in each tenth of the run, their sum, the uptime over the run
                assertTrue(lines.stream().anyMatch(l -> l.matches(row + size + "( +[0-9]+){11}  [0-9]+-[0-9]+ ms")),
                        "tail row " + row + size + "\n" + all);
            }
        }
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("interleaved: raw Netty and the row connected at once, "
                + Interleaved.ROUNDS + " rounds of 20 pings each")), "--pings 200: rounds of 20\n" + all);
        for (String size : List.of("512 B", "8192 B")) {
            for (String row : List.of("interleaved loop echo / raw Netty ", "interleaved putThenGet / raw Netty ")) {
                // median, min and max of the per-round ratios, both sides' medians, rounds at or under 1.2x
                assertTrue(lines.stream().anyMatch(l -> l.matches(row + size + "( +" + NUMBER + "x){3}( +" + NUMBER
                        + "){2} +[0-9]+/" + Interleaved.ROUNDS)), row + size + "\n" + all);
            }
        }
        assertTrue(lines.stream().anyMatch(l -> l.matches("raw Netty +" + NUMBER + " +" + NUMBER + " +" + NUMBER
                + " +n/a +1\\.00x")), all);
        assertTrue(lines.stream().anyMatch(l -> l.matches("capsule link +" + NUMBER + " +" + NUMBER + " +" + NUMBER
                + " +" + NUMBER + " +" + NUMBER + "x")), all);

        Matcher counts = Pattern.compile("counts: raw Netty sent ([0-9]+) items, received ([0-9]+); capsule link"
                + " accepted ([0-9]+) sent ([0-9]+) received ([0-9]+), each whole and in order").matcher(e.out());
        assertTrue(counts.find(), all);
        assertEquals(counts.group(1), counts.group(2), "raw Netty: every frame sent was received");
        assertEquals(counts.group(3), counts.group(4), "every capsule accepted was sent");
        assertEquals(counts.group(4), counts.group(5), "every capsule sent was received");
        assertTrue(Long.parseLong(counts.group(5)) > 0, all);

        Matcher pid = Pattern.compile("peer: pid ([0-9]+)").matcher(e.out());
        assertTrue(pid.find() && e.out().contains("peer exited"), all);
        long peer = Long.parseLong(pid.group(1));
        assertFalse(ProcessHandle.of(peer).map(ProcessHandle::isAlive).orElse(false), "peer " + peer + " still runs");
    }

    @Test
    void capsuleBenchWithoutWarmUpReportsFiniteRates() throws Exception {
        LinkBenchMainTest.Exit e = LinkBenchMainTest.run(CapsuleBenchMain.class, "--seconds", "0.2", "--warmup", "0");
        String all = e.out() + "\n" + e.err();
        assertEquals(0, e.exit(), all);
        assertFalse(all.contains("Infinity") || all.contains("NaN"), all);
        assertTrue(e.out().lines().anyMatch(l -> l.matches("raw Netty +[1-9][0-9]* +" + NUMBER + " +" + NUMBER
                + " +n/a +1\\.00x")), all);
    }

    @Test
    void payloadsEncodeToTheirBodyAndTwelveBytesAndArriveWhole() {
        for (int size : List.of(Payload512.BYTES, Payload8K.BYTES)) {
            Class<Payload> type = PayloadBenchMain.type(size);
            CapsuleCodec<Payload> codec = CapsuleCodec.of(type);
            Payload p = CapsuleType.of(type).newInstance();
            p.fill(0x1234_5678L);
            assertEquals(size + 12, PayloadBenchMain.encodedSize(type));
            byte[] wire = new byte[codec.encodedSize(p)];
            codec.encode(p, wire, 0);
            Payload q = CapsuleType.of(type).newInstance();
            codec.decode(wire, 0, wire.length, q);
            assertTrue(q.whole() && q.sequence == 0x1234_5678L, "size " + size);
            q.body()[q.size() - 1]++;
            assertFalse(q.whole(), "a changed last byte is seen");
        }
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, () -> PayloadBenchMain.type(100));
        assertTrue(bad.getMessage().contains("no payload capsule of 100 bytes"), bad.getMessage());
    }

    @Test
    void usageErrorsExitTwo() throws Exception {
        LinkBenchMainTest.Exit e = LinkBenchMainTest.run(PayloadBenchMain.class, "--seconds", "-1");
        assertEquals(2, e.exit(), e.err());
        assertTrue(e.err().contains("PayloadBenchMain: --seconds needs a positive number, not -1")
                && e.err().contains("usage: PayloadBenchMain"), e.err());
        LinkBenchMainTest.Exit c = LinkBenchMainTest.run(CapsuleBenchMain.class, "--pings", "10");
        assertEquals(2, c.exit(), c.err());
        assertTrue(c.err().contains("CapsuleBenchMain: unknown argument --pings"), c.err());
    }
}
