package org.streamflex.samples.ids;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.streamflex.runtime.GraphDriver;

class MalformedFramesTest {
    static byte[] ipv4(int versionAndIhl, int totalLength, int captured) {
        byte[] f = new byte[captured];
        f[12] = 0x08;
        f[13] = 0x00;
        if (captured > 14) {
            f[14] = (byte) versionAndIhl;
        }
        if (captured > 17) {
            f[16] = (byte) (totalLength >> 8);
            f[17] = (byte) totalLength;
        }
        return f;
    }

    @Test
    void framesWithImpossibleHeadersAreCountedAsMalformedAndTheGraphGoesOn() {
        Intrusion ids = new Intrusion(10);
        byte[][] frames = {
            new byte[10],                 // shorter than an Ethernet header
            ipv4(0x65, 40, 60),           // IP version 6 in an IPv4 frame
            ipv4(0x43, 40, 60),           // header length 12 bytes
            ipv4(0x45, 400, 60),          // total length beyond the captured bytes
            ipv4(0x45, 10, 60),           // total length shorter than the header
            ipv4(0x45, 46, 60),           // a good one
        };
        byte[] ipv6 = new byte[60];
        ipv6[12] = (byte) 0x86;
        ipv6[13] = (byte) 0xDD;
        for (byte[] f : frames) {
            assertEquals(1, ids.reader.write(f, f.length, 0));
        }
        assertEquals(1, ids.reader.write(ipv6, ipv6.length, 0));
        int tooLarge = PacketBuffer.MAX_FRAME + 1;
        assertEquals(-1, ids.reader.write(new byte[tooLarge], tooLarge, 0), "can never fit the reader's buffer");
        GraphDriver.of(ids).run(3);
        assertEquals(7, ids.dump.packets);
        assertEquals(5, ids.dump.malformed);
        assertEquals(5, ids.counters().value(ids.dump, "event.malformed-frame"), "raised as a FilterEvent too");
        assertEquals(1, ids.dump.notIpv4);
        assertEquals(0, ids.dump.tinyFragments + ids.dump.teardrops + ids.dump.trusted);
    }

    @Test
    void batchesOfRecordsAreTakenWholeOrRefusedWhenBadlyFramed() {
        Intrusion ids = new Intrusion(10);
        byte[] frame = ipv4(0x45, 46, 60);
        java.nio.ByteBuffer batch = java.nio.ByteBuffer.allocate(2 * (PacketBuffer.RECORD_HEADER + 60));
        for (int i = 0; i < 2; i++) {
            batch.putInt(60).putLong(i).putShort((short) LinkType.ETHERNET).put(frame);
        }
        byte[] records = batch.array();
        assertEquals(-1, ids.reader.writeRecords(records, records.length - 1), "a record cut short");
        records[0] = 0x7F; // the first length now runs past the end
        assertEquals(-1, ids.reader.writeRecords(records, records.length));
        records[0] = 0;
        assertEquals(1, ids.reader.writeRecords(records, records.length));
        GraphDriver.of(ids).run(2);
        assertEquals(2, ids.dump.packets);
        assertEquals(120, ids.dump.bytes);
        assertEquals(0, ids.dump.malformed);
        assertEquals(0, ids.counters().value(ids.dump, "event.malformed-frame"));
    }
}
