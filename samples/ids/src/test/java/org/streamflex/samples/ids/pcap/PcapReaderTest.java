package org.streamflex.samples.ids.pcap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.streamflex.samples.ids.pcap.TrafficGenerator.Frame;

class PcapReaderTest {
    static final List<Frame> FRAMES = new TrafficGenerator(3).generate(200);

    static byte[] pcap(ByteOrder order, boolean nanos) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        TrafficGenerator.write(FRAMES, out, order, nanos);
        return out.toByteArray();
    }

    record Read(PcapReader.Counts counts, List<byte[]> frames, List<Long> times) {
    }

    static Read read(byte[] file) throws IOException {
        List<byte[]> frames = new ArrayList<>();
        List<Long> times = new ArrayList<>();
        PcapReader.Counts c = PcapReader.read(new ByteArrayInputStream(file), (f, n, t) -> {
            frames.add(Arrays.copyOf(f, n));
            times.add(t);
        });
        assertEquals(c.fileBytes, c.headerBytes + c.frameBytes + c.malformedBytes, "every byte accounted for");
        assertEquals(file.length, c.fileBytes);
        return new Read(c, frames, times);
    }

    @Test
    void bothByteOrdersAndBothTimestampResolutionsReadTheSameFrames() throws IOException {
        for (ByteOrder order : new ByteOrder[] {ByteOrder.LITTLE_ENDIAN, ByteOrder.BIG_ENDIAN}) {
            for (boolean nanos : new boolean[] {false, true}) {
                Read r = read(pcap(order, nanos));
                assertNull(r.counts().problem, order + " nanos=" + nanos);
                assertEquals(FRAMES.size(), r.frames().size());
                for (int i = 0; i < FRAMES.size(); i++) {
                    assertArrayEquals(FRAMES.get(i).bytes(), r.frames().get(i));
                    assertEquals(FRAMES.get(i).timestampNanos(), (long) r.times().get(i));
                }
                assertEquals(0, r.counts().malformedBytes);
            }
        }
    }

    @Test
    void aFileCutInARecordKeepsTheWholeRecordsAndCountsTheRest() throws IOException {
        byte[] whole = pcap(ByteOrder.LITTLE_ENDIAN, false);
        Read r = read(Arrays.copyOf(whole, whole.length - 10));
        assertEquals(FRAMES.size() - 1, r.frames().size());
        assertEquals("record 199: cut short after " + (FRAMES.getLast().bytes().length - 10) + " of "
                + FRAMES.getLast().bytes().length + " bytes", r.counts().problem);
        Read header = read(Arrays.copyOf(whole, 24 + 7));
        assertEquals("record 0: header cut short after 7 of 16 bytes", header.counts().problem);
        assertEquals(7, header.counts().malformedBytes);
    }

    @Test
    void anImpossibleLengthEndsTheFileWithTheRestCounted() throws IOException {
        byte[] file = pcap(ByteOrder.LITTLE_ENDIAN, false);
        int second = 24 + 16 + FRAMES.get(0).bytes().length;
        ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN).putInt(second + 8, 0x7FFFFFF0);
        Read r = read(file);
        assertEquals(1, r.frames().size());
        assertEquals("record 1: captured length 2147483632 is impossible (limit 65535); the rest of the file is not read",
                r.counts().problem);
        assertEquals(file.length - second, r.counts().malformedBytes);
    }

    @Test
    void otherLinkTypesAndOtherFormatsAreCountedNotAnalyzed() throws IOException {
        byte[] file = pcap(ByteOrder.BIG_ENDIAN, false);
        ByteBuffer.wrap(file).putInt(20, 101); // LINKTYPE_RAW
        Read raw = read(file);
        assertEquals(0, raw.frames().size());
        assertEquals(FRAMES.size(), raw.counts().notEthernetRecords);
        assertEquals("link type 101 is not Ethernet (1): its records are counted, not analyzed", raw.counts().problem);

        byte[] pcapng = {0x0A, 0x0D, 0x0D, 0x0A, 0, 0, 0, 28, 0x1A, 0x2B, 0x3C, 0x4D, 0, 1, 0, 0, -1, -1, -1, -1,
            -1, -1, -1, -1, 0, 0, 0, 28};
        assertEquals("pcapng files are not supported: convert with editcap -F pcap", read(pcapng).counts().problem);
        assertEquals("file of 5 bytes is shorter than a pcap header (24 bytes)",
                read(new byte[] {1, 2, 3, 4, 5}).counts().problem);
    }

    @Test
    void randomGarbageNeverThrowsAndIsAllAccountedFor() throws IOException {
        SplittableRandom random = new SplittableRandom(11);
        byte[] good = pcap(ByteOrder.LITTLE_ENDIAN, true);
        for (int round = 0; round < 300; round++) {
            byte[] file = round % 2 == 0 ? new byte[random.nextInt(4096)] : good.clone();
            if (round % 2 == 0) {
                random.nextBytes(file);
            } else {
                for (int k = 0; k < 1 + random.nextInt(8); k++) {
                    file[24 + random.nextInt(file.length - 24)] = (byte) random.nextInt(256);
                }
            }
            read(file); // asserts the byte accounting
        }
    }
}
