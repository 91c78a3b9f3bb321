package org.streamflex.samples.ids.pcap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.streamflex.samples.ids.LinkType;
import org.streamflex.samples.ids.pcap.TrafficGenerator.Frame;

class PcapngReaderTest {
    static final List<Frame> FRAMES = PcapReaderTest.FRAMES;
    static final long SECOND = 1_000_000_000L;
    static final byte[] FRAME = FRAMES.get(0).bytes();

    static byte[] pcapng(ByteOrder order) {
        PcapngWriter w = new PcapngWriter().section(order).iface(LinkType.ETHERNET, 0, 9, null);
        for (Frame f : FRAMES) {
            w.epb(0, f.timestampNanos(), f.bytes());
        }
        return w.bytes();
    }

    @Test
    void bothByteOrdersReadTheSameFramesAndTimesAsPcap() {
        for (ByteOrder order : new ByteOrder[] {ByteOrder.LITTLE_ENDIAN, ByteOrder.BIG_ENDIAN}) {
            CaptureReads r = CaptureReads.of(pcapng(order));
            assertNull(r.counts().stopped);
            assertEquals(FRAMES.size(), r.frames().size());
            for (int i = 0; i < FRAMES.size(); i++) {
                assertArrayEquals(FRAMES.get(i).bytes(), r.frames().get(i), "frame " + i);
                assertEquals(FRAMES.get(i).timestampNanos(), (long) r.times().get(i));
            }
            assertEquals(0, r.counts().malformedBytes + r.counts().skippedBytes);
        }
    }

    @Test
    void eachInterfaceHasItsOwnTimestampUnitAndOffset() {
        byte[] file = new PcapngWriter().section(ByteOrder.BIG_ENDIAN)
                .iface(LinkType.ETHERNET)                          // microseconds by default
                .iface(LinkType.ETHERNET, 0, 3, null)              // milliseconds
                .iface(LinkType.ETHERNET, 0, 0x80 | 20, null)      // 2^-20 s
                .iface(LinkType.ETHERNET, 0, 0x80 | 32, 100L)      // 2^-32 s, 100 s later
                .iface(LinkType.ETHERNET, 0, 18, null)             // 10^-18 s
                .epb(0, 1_500_000, FRAME).epb(1, 1500, FRAME).epb(2, 3L << 19, FRAME).epb(3, 3L << 31, FRAME)
                .epb(4, 1_500_000_000_000_000_000L, FRAME).bytes();
        CaptureReads r = CaptureReads.of(file);
        assertEquals(List.of(SECOND * 3 / 2, SECOND * 3 / 2, SECOND * 3 / 2, 101 * SECOND + SECOND / 2, SECOND * 3 / 2),
                r.times());
    }

    @Test
    void interfacesOfSeveralLinkTypesAreReadAndOnesNotAnalyzedAreSkipped() {
        byte[] file = new PcapngWriter().section(ByteOrder.LITTLE_ENDIAN)
                .iface(LinkType.ETHERNET).iface(LinkType.LINUX_SLL2).iface(105).iface(LinkType.LINUX_SLL)
                .epb(0, 1, FRAME).epb(1, 2, FRAME).epb(2, 3, FRAME).epb(3, 4, FRAME).epb(2, 5, FRAME).bytes();
        CaptureReads r = CaptureReads.of(file);
        assertEquals(List.of(LinkType.ETHERNET, LinkType.LINUX_SLL2, LinkType.LINUX_SLL), r.linkTypes());
        assertEquals(2, r.counts().skippedRecords);
        assertEquals("interface 2 (block 3): link type 105 is not analyzed (the IDS reads Ethernet (1), Linux cooked v1"
                + " (113) and Linux cooked v2 (276))", r.counts().firstSkipped);
    }

    @Test
    void simplePacketsTakeThePreviousTimeAndTheSnapLengthAndObsoleteOnesAreRead() {
        byte[] file = new PcapngWriter().section(ByteOrder.BIG_ENDIAN).iface(LinkType.ETHERNET, 40, null, null)
                .epb(0, 7, Arrays.copyOf(FRAME, 40)).spb(FRAME, FRAME.length).obsolete(0, 9, Arrays.copyOf(FRAME, 30))
                .bytes();
        CaptureReads r = CaptureReads.of(file);
        assertEquals(List.of(7000L, 7000L, 9000L), r.times());
        assertEquals(40, r.frames().get(1).length, "cut to the interface's snap length");
        assertArrayEquals(Arrays.copyOf(FRAME, 30), r.frames().get(2));
    }

    @Test
    void metadataBlocksAreReadPastAsHeaders() {
        byte[] file = new PcapngWriter().section(ByteOrder.LITTLE_ENDIAN).iface(LinkType.ETHERNET)
                .block(4, new byte[] {0, 0, 0, 0}).block(5, new byte[24]).block(0x0A, new byte[13])
                .block(0x40000BAD, new byte[9]).epb(0, 1, FRAME).bytes();
        CaptureReads r = CaptureReads.of(file);
        assertEquals(1, r.frames().size());
        assertEquals(file.length - FRAME.length, r.counts().headerBytes);
    }

    @Test
    void aNewSectionHasItsOwnByteOrderAndInterfaces() {
        byte[] file = new PcapngWriter().section(ByteOrder.LITTLE_ENDIAN).iface(LinkType.ETHERNET)
                .iface(LinkType.LINUX_SLL).epb(1, 1, FRAME)
                .section(ByteOrder.BIG_ENDIAN).iface(LinkType.LINUX_SLL2).epb(0, 2, FRAME).epb(1, 3, FRAME).bytes();
        CaptureReads r = CaptureReads.of(file);
        assertEquals(List.of(LinkType.LINUX_SLL, LinkType.LINUX_SLL2), r.linkTypes());
        assertEquals(1, r.counts().damagedRecords);
        assertEquals("block 7: a packet of interface 1, which section 1 does not describe (it has 1)",
                r.counts().firstDamaged);
    }

    @Test
    void aBlockWhoseContentIsImpossibleIsCountedAndReadPast() {
        PcapngWriter w = new PcapngWriter().section(ByteOrder.LITTLE_ENDIAN).iface(LinkType.ETHERNET);
        ByteBuffer bad = ByteBuffer.allocate(20 + 8).order(ByteOrder.LITTLE_ENDIAN).putInt(0).putInt(0).putInt(1)
                .putInt(5000).putInt(5000).put(new byte[8]); // captures 5,000 bytes in 8
        byte[] file = w.block(PcapngReader.ENHANCED_PACKET, bad.array()).epb(0, 2, FRAME).bytes();
        CaptureReads r = CaptureReads.of(file);
        assertEquals(1, r.frames().size(), "the block after it is read");
        assertEquals("block 2: captured length 5000 runs past its block (8 bytes of room)", r.counts().firstDamaged);
        assertEquals(40, r.counts().malformedBytes);
        assertNull(r.counts().stopped);
    }

    @Test
    void damagedFramingEndsTheReadWithTheRestCounted() {
        byte[] good = new PcapngWriter().section(ByteOrder.LITTLE_ENDIAN).iface(LinkType.ETHERNET).epb(0, 1, FRAME)
                .epb(0, 2, FRAME).bytes();
        int second = good.length - (32 + ((FRAME.length + 3) & ~3));
        byte[] trailer = good.clone();
        trailer[second - 1] ^= 1; // the first packet's trailing length
        CaptureReads r = CaptureReads.of(trailer);
        assertEquals(0, r.frames().size());
        int length = second - 52; // after the section header (28 bytes) and the interface (24)
        assertEquals("block 2: its trailing length " + (length | 0x1000000) + " differs from its length " + length
                + "; the rest of the file is not read", r.counts().stopped);

        byte[] odd = good.clone();
        ByteBuffer.wrap(odd).order(ByteOrder.LITTLE_ENDIAN).putInt(second + 4, 30);
        assertEquals("block 3 (type 0x6): length 30 is impossible; the rest of the file is not read",
                CaptureReads.of(odd).counts().stopped);
        assertEquals(1, CaptureReads.of(odd).frames().size());

        assertEquals("block 3: cut short after 20 of " + (good.length - second) + " bytes",
                CaptureReads.of(Arrays.copyOf(good, second + 20)).counts().stopped);
        assertEquals("block 3: its header is cut short after 5 of 8 bytes",
                CaptureReads.of(Arrays.copyOf(good, second + 5)).counts().stopped);
    }

    @Test
    void sectionsOfAnotherVersionOrByteOrderMagicEndTheRead() {
        byte[] version2 = new PcapngWriter().section(ByteOrder.LITTLE_ENDIAN, 2, 0).iface(LinkType.ETHERNET).bytes();
        assertEquals("block 0: a section of pcapng version 2.0; only version 1 is read,"
                + " and the rest of the file is not", CaptureReads.of(version2).counts().stopped);
        byte[] magic = pcapng(ByteOrder.LITTLE_ENDIAN);
        magic[8] = 0x55;
        CaptureReads r = CaptureReads.of(magic);
        assertEquals("block 0: a section header with the byte-order magic 0x553c2b1a, not 0x1a2b3c4d either way; the"
                + " rest of the file is not read", r.counts().stopped);
        assertEquals(magic.length, r.counts().malformedBytes);
    }

    @Test
    void anInterfaceWithATimestampUnitTooFineHasItsPacketsSkipped() {
        byte[] file = new PcapngWriter().section(ByteOrder.LITTLE_ENDIAN).iface(LinkType.ETHERNET, 0, 19, null)
                .epb(0, 1, FRAME).bytes();
        CaptureReads r = CaptureReads.of(file);
        assertEquals(1, r.counts().skippedRecords);
        assertEquals("interface 0 (block 1): timestamp unit 0x13 is finer than 10^-18 or 2^-63 s",
                r.counts().firstSkipped);
    }

    @Test
    void aFrameLargerThanAnyFrameCanBeIsSkippedAndReadingGoesOn() {
        byte[] huge = new byte[PcapReader.MAX_RECORD + 1];
        byte[] file = new PcapngWriter().section(ByteOrder.LITTLE_ENDIAN).iface(LinkType.ETHERNET).epb(0, 1, huge)
                .epb(0, 2, FRAME).bytes();
        CaptureReads r = CaptureReads.of(file);
        assertEquals(1, r.frames().size());
        assertEquals(1, r.counts().skippedRecords);
    }

    @Test
    void randomDamageNeverThrowsAndIsAllAccountedFor() {
        SplittableRandom random = new SplittableRandom(13);
        byte[] good = new PcapngWriter().section(ByteOrder.BIG_ENDIAN).iface(LinkType.ETHERNET, 0, 0x80 | 10, 5L)
                .iface(LinkType.LINUX_SLL).epb(0, 1, FRAME).spb(FRAME, 10).obsolete(1, 3, FRAME)
                .section(ByteOrder.LITTLE_ENDIAN).iface(105).epb(0, 4, FRAME).bytes();
        for (int round = 0; round < 500; round++) {
            byte[] file = good.clone();
            for (int k = 0; k < 1 + random.nextInt(6); k++) {
                file[4 + random.nextInt(file.length - 4)] = (byte) random.nextInt(256);
            }
            CaptureReads.of(round % 3 == 0 ? Arrays.copyOf(file, 4 + random.nextInt(file.length - 4)) : file);
        }
    }
}
