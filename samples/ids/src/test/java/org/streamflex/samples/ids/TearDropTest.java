package org.streamflex.samples.ids;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.streamflex.runtime.GraphDriver;

class TearDropTest {
    private static final int ICMP = 1;

    /** Runs {@code frames} (IPv4 packets) through the IDS graph behind Ethernet. */
    private static Intrusion analyzed(byte[]... frames) {
        Intrusion ids = new Intrusion(10);
        for (byte[] ip : frames) {
            byte[] f = TestFrames.ethernet(ip);
            assertEquals(1, ids.reader.write(f, f.length, 0));
        }
        GraphDriver.of(ids).run(2);
        assertEquals(frames.length, ids.dump.packets);
        return ids;
    }

    @Test
    void aFragmentEndingPastTheLargestDatagramIsCaughtAsAPingOfDeath() {
        // The classic: the last fragment at offset 65,528 (8,191 x 8) carries 1,000 bytes.
        Intrusion ids = analyzed(TestFrames.ipv4(7, ICMP, true, 0, 1_480),
                TestFrames.ipv4(7, ICMP, false, 65_528, 1_000));
        assertEquals(1, ids.dump.oversizeFragments);
        assertEquals(EtherHdr.BY_OVERSIZE, ids.dump.caughtBy(0));
        assertEquals(0, ids.dump.teardrops, "judged without the oversize fragment, the rest conflicts with nothing");
    }

    @Test
    void aFragmentEndingAtTheLargestDatagramIsNotCaught() {
        // 20 + 65,512 + 3 = 65,535: the largest datagram there is, and legal.
        Intrusion ids = analyzed(TestFrames.ipv4(8, ICMP, false, 65_512, 3));
        assertEquals(0, ids.dump.oversizeFragments);
        Intrusion past = analyzed(TestFrames.ipv4(8, ICMP, false, 65_512, 4));
        assertEquals(1, past.dump.oversizeFragments);
    }

    @Test
    void theOversizeFragmentIsNotKeptSoItsDatagramStillCompletes() {
        // Suricata ignores the fragment; so does the table: the two good fragments are reassembled.
        Intrusion ids = analyzed(TestFrames.ipv4(9, ICMP, true, 0, 1_480),
                TestFrames.ipv4(9, ICMP, true, 65_528, 100), TestFrames.ipv4(9, ICMP, false, 1_480, 520));
        assertEquals(1, ids.dump.oversizeFragments);
        assertEquals(1, ids.tear.reassembled());
        assertEquals(0, ids.tear.tracked());
    }
}
