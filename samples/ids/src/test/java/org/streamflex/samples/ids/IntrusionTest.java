package org.streamflex.samples.ids;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.ByteOrder;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.streamflex.samples.ids.pcap.CaptureCounts;
import org.streamflex.samples.ids.pcap.CaptureFeeder;
import org.streamflex.samples.ids.pcap.CaptureFile;
import org.streamflex.samples.ids.pcap.TrafficGenerator;
import org.streamflex.samples.ids.pcap.TrafficGenerator.Frame;
import org.streamflex.samples.ids.pcap.TrafficGenerator.Kind;

@Timeout(600) // a guard against a hang, not a limit on speed: a busy machine is slower, never wrong
class IntrusionTest {
    @Test
    void everyInjectedAttackIsReportedByTheRightFilterAndNothingElseIs() throws Exception {
        List<Frame> frames = new TrafficGenerator(7).generate(3000);
        ByteArrayOutputStream pcap = new ByteArrayOutputStream();
        TrafficGenerator.write(frames, pcap, ByteOrder.LITTLE_ENDIAN, false);

        Intrusion ids = new Intrusion(20);
        assertTrue(ids.trust.trust(TrafficGenerator.TRUSTED_NETWORK, TrafficGenerator.TRUSTED_PREFIX));
        ids.start();
        CaptureFeeder feeder = new CaptureFeeder(ids.reader);
        CaptureCounts counts = feeder.feed(CaptureFile.of(new ByteArrayInputStream(pcap.toByteArray()), "generated"));
        // Bound by progress: the dumper catches up; the deadline only guards against a hang.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(300);
        while (ids.dump.packets < feeder.fed() && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        ids.stop();
        assertTrue(ids.awaitTermination(30, TimeUnit.SECONDS));
        assertNull(counts.stopped);
        assertEquals(0, counts.skippedRecords + counts.damagedRecords);

        Map<Kind, Integer> expected = new EnumMap<>(Kind.class);
        long bytes = 0;
        Map<Long, Kind> caughtExpected = new HashMap<>();
        for (Frame f : frames) {
            expected.merge(f.kind(), 1, Integer::sum);
            bytes += f.bytes().length;
            if (f.kind() == Kind.TRUSTED || f.kind() == Kind.TINY_FRAGMENT || f.kind() == Kind.TEARDROP) {
                caughtExpected.put(f.timestampNanos(), f.kind());
            }
        }
        PacketDumper dump = ids.dump;
        assertEquals(frames.size(), dump.packets, "packets written = packets analyzed");
        assertEquals(bytes, dump.bytes, "bytes written = bytes analyzed");
        assertEquals((long) expected.get(Kind.TRUSTED), dump.trusted);
        assertEquals((long) expected.get(Kind.TINY_FRAGMENT), dump.tinyFragments);
        assertEquals((long) expected.get(Kind.TEARDROP), dump.teardrops);
        assertEquals((long) expected.get(Kind.NOT_IPV4), dump.notIpv4);
        assertEquals(0, dump.malformed);
        assertTrue(dump.teardrops > 10 && dump.tinyFragments > 10, "the mix has attacks of both kinds");
        assertEquals(caughtExpected.size(), dump.caughtKept, "no benign packet flagged");
        for (int i = 0; i < dump.caughtKept; i++) {
            Kind kind = caughtExpected.get(dump.caughtTime(i));
            int expectedBy = switch (kind) {
                case TRUSTED -> EtherHdr.BY_TRUST;
                case TINY_FRAGMENT -> EtherHdr.BY_VSIP;
                case TEARDROP -> EtherHdr.BY_TEARDROP;
                default -> -1;
            };
            assertEquals(expectedBy, dump.caughtBy(i), "frame at " + dump.caughtTime(i) + " ns, " + kind);
        }
        for (String out : new String[] {"out"}) {
            assertEquals(0, ids.channel(ids.reader, out).dropped());
        }
    }
}
