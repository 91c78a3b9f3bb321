package org.streamflex.samples.ids.pcap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.streamflex.samples.ids.LinkType;
import org.streamflex.samples.ids.pcap.TrafficGenerator.Frame;

class PcapReaderTest {
    static final List<Frame> FRAMES = new TrafficGenerator(3).generate(200);

    static byte[] pcap(ByteOrder order, boolean nanos) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        TrafficGenerator.write(FRAMES, out, order, nanos);
        return out.toByteArray();
    }

    @Test
    void bothByteOrdersAndBothTimestampResolutionsReadTheSameFrames() throws IOException {
        for (ByteOrder order : new ByteOrder[] {ByteOrder.LITTLE_ENDIAN, ByteOrder.BIG_ENDIAN}) {
            for (boolean nanos : new boolean[] {false, true}) {
                CaptureReads r = CaptureReads.of(pcap(order, nanos));
                assertNull(r.counts().stopped, order + " nanos=" + nanos);
                assertEquals(FRAMES.size(), r.frames().size());
                for (int i = 0; i < FRAMES.size(); i++) {
                    assertArrayEquals(FRAMES.get(i).bytes(), r.frames().get(i));
                    assertEquals(FRAMES.get(i).timestampNanos(), (long) r.times().get(i));
                    assertEquals(LinkType.ETHERNET, r.linkTypes().get(i));
                }
                assertEquals(0, r.counts().malformedBytes + r.counts().skippedBytes);
            }
        }
    }

    @Test
    void aFileCutInARecordKeepsTheWholeRecordsAndCountsTheRest() throws IOException {
        byte[] whole = pcap(ByteOrder.LITTLE_ENDIAN, false);
        CaptureReads r = CaptureReads.of(Arrays.copyOf(whole, whole.length - 10));
        assertEquals(FRAMES.size() - 1, r.frames().size());
        assertEquals("record 199: cut short after " + (FRAMES.getLast().bytes().length - 10) + " of "
                + FRAMES.getLast().bytes().length + " bytes", r.counts().stopped);
        CaptureReads header = CaptureReads.of(Arrays.copyOf(whole, 24 + 7));
        assertEquals("record 0: its header is cut short after 7 of 16 bytes", header.counts().stopped);
        assertEquals(7, header.counts().malformedBytes);
        assertEquals("the file of 20 bytes is shorter than a pcap header (24 bytes)",
                CaptureReads.of(Arrays.copyOf(whole, 20)).counts().stopped);
    }

    @Test
    void anImpossibleLengthEndsTheFileWithTheRestCounted() throws IOException {
        byte[] file = pcap(ByteOrder.LITTLE_ENDIAN, false);
        int second = 24 + 16 + FRAMES.get(0).bytes().length;
        ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN).putInt(second + 8, 0x7FFFFFF0);
        CaptureReads r = CaptureReads.of(file);
        assertEquals(1, r.frames().size());
        assertEquals("record 1: captured length 2147483632 is impossible (limit 262144);"
                + " the rest of the file is not read", r.counts().stopped);
        assertEquals(file.length - second, r.counts().malformedBytes);
    }

    @Test
    void linkTypesTheIdsDoesNotReadAreSkippedAndCounted() throws IOException {
        byte[] file = pcap(ByteOrder.BIG_ENDIAN, false);
        ByteBuffer.wrap(file).putInt(20, 105); // IEEE 802.11
        CaptureReads r = CaptureReads.of(file);
        assertEquals(0, r.frames().size());
        assertEquals(FRAMES.size(), r.counts().skippedRecords);
        assertEquals(file.length - 24, r.counts().skippedBytes);
        assertEquals("link type 105 is not analyzed (the IDS reads Ethernet (1), Linux cooked v1 (113) and Linux cooked"
                + " v2 (276))", r.counts().firstSkipped);
        assertNull(r.counts().stopped);
    }

    @Test
    void cookedLinkTypesAndAnFcsLengthInTheLinkTypeFieldAreRead() throws IOException {
        byte[] file = pcap(ByteOrder.BIG_ENDIAN, false);
        ByteBuffer.wrap(file).putInt(20, LinkType.LINUX_SLL2);
        assertEquals(LinkType.LINUX_SLL2, CaptureReads.of(file).linkTypes().getFirst());
        ByteBuffer.wrap(file).putInt(20, 0x1 << 28 | 1 << 26 | LinkType.ETHERNET); // 4-byte FCS flagged
        CaptureReads r = CaptureReads.of(file);
        assertEquals(FRAMES.size(), r.frames().size());
        assertEquals(LinkType.ETHERNET, r.linkTypes().getFirst());
    }

    @Test
    void randomGarbageNeverThrowsAndIsAllAccountedFor() throws IOException {
        SplittableRandom random = new SplittableRandom(11);
        byte[] good = pcap(ByteOrder.LITTLE_ENDIAN, true);
        for (int round = 0; round < 300; round++) {
            byte[] file = good.clone();
            if (round % 2 == 0) {
                file = Arrays.copyOf(file, 24 + random.nextInt(4096));
                byte[] tail = new byte[file.length - 24];
                random.nextBytes(tail);
                System.arraycopy(tail, 0, file, 24, tail.length);
            } else {
                for (int k = 0; k < 1 + random.nextInt(8); k++) {
                    file[24 + random.nextInt(file.length - 24)] = (byte) random.nextInt(256);
                }
            }
            CaptureReads.of(file); // checks the byte accounting
        }
    }
}
