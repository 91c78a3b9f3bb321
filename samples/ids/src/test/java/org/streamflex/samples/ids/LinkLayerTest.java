package org.streamflex.samples.ids;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.streamflex.runtime.GraphDriver;

class LinkLayerTest {
    /** A teardrop (two fragments, the second inside the first) and a tiny TCP fragment. */
    static int attacks(int linkType, java.util.function.UnaryOperator<byte[]> link) {
        Intrusion ids = new Intrusion(10);
        byte[][] frames = {
            link.apply(TestFrames.ipv4(1, IpHdr.PROTO_UDP, true, 0, 36)),
            link.apply(TestFrames.ipv4(1, IpHdr.PROTO_UDP, false, 24, 4)),
            link.apply(TestFrames.ipv4(2, IpHdr.PROTO_TCP, true, 0, 8)),
        };
        for (byte[] f : frames) {
            assertEquals(1, ids.reader.write(f, f.length, 0, linkType));
        }
        GraphDriver.of(ids).run(2);
        assertEquals(3, ids.dump.packets);
        assertEquals(0, ids.dump.malformed + ids.dump.notIpv4);
        return (int) (ids.dump.teardrops * 10 + ids.dump.tinyFragments);
    }

    @Test
    void attacksAreCaughtBehindEveryLinkLayerTheReaderReads() {
        assertEquals(11, attacks(LinkType.ETHERNET, TestFrames::ethernet));
        assertEquals(11, attacks(LinkType.LINUX_SLL, TestFrames::sll));
        assertEquals(11, attacks(LinkType.LINUX_SLL2, TestFrames::sll2));
        assertEquals(11, attacks(LinkType.ETHERNET, ip -> TestFrames.ethernet(ip, 100)));
        assertEquals(11, attacks(LinkType.ETHERNET, ip -> TestFrames.ethernet(ip, 100, 200, 300)));
    }

    @Test
    void theOuterVlanIdTravelsWithThePacketAndSeparatesDatagrams() {
        Intrusion ids = new Intrusion(10);
        byte[] first = TestFrames.ethernet(TestFrames.ipv4(1, IpHdr.PROTO_UDP, true, 0, 36), 7, 8);
        byte[] inside = TestFrames.ethernet(TestFrames.ipv4(1, IpHdr.PROTO_UDP, false, 24, 4), 9);
        ids.reader.write(first, first.length, 0);
        ids.reader.write(inside, inside.length, 0);
        GraphDriver.of(ids).run(2);
        assertEquals(0, ids.dump.teardrops, "the same addresses and id on VLANs 7 and 9 are different datagrams");
    }

    @Test
    void aTinyFragmentPaddedPastIpv4sMaximumIsStillInspected() {
        Intrusion ids = new Intrusion(10);
        byte[] padded = Arrays.copyOf(TestFrames.ethernet(TestFrames.ipv4(3, IpHdr.PROTO_TCP, true, 0, 8)), 70_000);
        assertEquals(1, ids.reader.write(padded, padded.length, 0));
        GraphDriver.of(ids).run(2);
        assertEquals(1, ids.dump.tinyFragments);
        assertEquals(70_000, ids.dump.bytes);
    }

    @Test
    void anOffloadedPacketWithTotalLengthZeroIsAsLongAsItsCapture() {
        Intrusion ids = new Intrusion(10);
        byte[] big = TestFrames.ethernet(TestFrames.ipv4(4, IpHdr.PROTO_TCP, false, 0, 100_000 - 20));
        big[14 + 2] = 0;
        big[14 + 3] = 0;
        byte[] fragment = TestFrames.ethernet(TestFrames.ipv4(5, IpHdr.PROTO_UDP, true, 0, 16));
        fragment[14 + 2] = 0;
        fragment[14 + 3] = 0;
        ids.reader.write(big, big.length, 0);
        ids.reader.write(fragment, fragment.length, 0);
        GraphDriver.of(ids).run(2);
        assertEquals(2, ids.dump.packets);
        assertEquals(1, ids.dump.malformed, "a fragment never has total length 0");
    }

    @Test
    void cutShortLinkHeadersAndOtherProtocolsAreCounted() {
        Intrusion ids = new Intrusion(10);
        byte[] cutTag = Arrays.copyOf(TestFrames.ethernet(TestFrames.ipv4(1, 17, false, 0, 8), 5), 16);
        byte[] shortSll = new byte[15];
        byte[] arpInSll2 = TestFrames.sll2(new byte[28]);
        arpInSll2[0] = 0x08;
        arpInSll2[1] = 0x06;
        ids.reader.write(cutTag, cutTag.length, 0, LinkType.ETHERNET);
        ids.reader.write(shortSll, shortSll.length, 0, LinkType.LINUX_SLL);
        ids.reader.write(arpInSll2, arpInSll2.length, 0, LinkType.LINUX_SLL2);
        ids.reader.write(new byte[40], 40, 0, 105);
        GraphDriver.of(ids).run(2);
        assertEquals(4, ids.dump.packets);
        assertEquals(3, ids.dump.malformed);
        assertEquals(1, ids.dump.notIpv4);
    }
}
