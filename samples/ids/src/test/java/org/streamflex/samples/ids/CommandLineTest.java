package org.streamflex.samples.ids;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The command line as a user meets it: every exit code, with small inputs. */
@Timeout(600) // a guard against a hang, not a limit on speed: a busy machine is slower, never wrong
class CommandLineTest {
    static final String CAPTURES = "captures/";

    @TempDir
    Path dir;

    static void assertOneLine(Run run, int exit, String line) {
        assertEquals(exit, run.exit(), run.err());
        assertEquals(line + System.lineSeparator(), run.err());
        assertEquals("", run.out(), "nothing ran");
    }

    @Test
    void helpPrintsTheOptionsAndExitCodes() throws Exception {
        Run run = Run.of("--help");
        assertEquals(0, run.exit());
        assertEquals(IdsOptions.USAGE, run.out());
        assertTrue(run.out().contains("--frag-timeout SECONDS") && run.out().contains("Exit codes: 0"));
        assertEquals("", run.err());
    }

    @Test
    void badArgumentsGiveOneLineAndExit2BeforeAnythingStarts() throws Exception {
        assertOneLine(Run.of("--period", "abc"), 2, "ids: --period takes a whole number of microseconds from 0 to"
                + " 1000000, not 'abc' (--help lists the options)");
        assertOneLine(Run.of("--period", "-5"), 2, "ids: --period takes a whole number of microseconds from 0 to"
                + " 1000000, not '-5' (--help lists the options)");
        assertOneLine(Run.of("--per-release", "0"), 2,
                "ids: --per-release takes a whole number of packets from 1 to 256, not '0' (--help lists the options)");
        assertOneLine(Run.of("--frobnicate"), 2, "ids: unknown option --frobnicate (--help lists the options)");
    }

    @Test
    void unreadableInputGivesOneLineAndExit3BeforeAnythingStarts() throws Exception {
        Path missing = dir.resolve("missing.pcap");
        assertOneLine(Run.of("--pcap", missing.toString()), 3, "ids: " + missing + ": no such file");
        byte[] random = new byte[4096];
        new SplittableRandom(1).nextBytes(random);
        random[0] = 0x42;
        Path noise = Files.write(dir.resolve("noise.bin"), random);
        assertOneLine(Run.of("--pcap", noise.toString()), 3, "ids: " + noise
                + " is not a pcap or pcapng capture: it starts with 0x42" + String.format("%06x",
                ByteBuffer.wrap(random).getInt() & 0xFFFFFF));
        Path empty = Files.write(dir.resolve("empty.pcap"), new byte[0]);
        assertOneLine(Run.of("--pcap", empty.toString()), 3, "ids: " + empty + " is empty");
    }

    @Test
    void pcapngAndLinuxCookedCapturesGiveTheSameAnalysisAsClassicPcap() throws Exception {
        Map<String, String> pcap = analysis("mix.pcap.gz");
        for (String other : new String[] {"mix.pcapng.gz", "mix-cooked.pcap.gz", "mix-cooked2.pcapng.gz"}) {
            assertEquals(pcap, analysis(other), other);
        }
        assertEquals("2000", pcap.get("packets"));
        assertEquals("39 tiny TCP fragments (VSIPFragments), 37 conflicting fragments in 37 datagrams, 0 fragments past"
                + " 65,535 bytes (TearDrop)", pcap.get("attacks"));
        Map<String, String> loopback = analysis("loopback-ethernet.pcap.gz");
        assertEquals(loopback, analysis("loopback-any.pcapng.gz"));
        assertEquals(loopback, analysis("loopback-any-v1.pcap.gz"));
        assertEquals("4 datagrams reassembled, 0 duplicate fragments, 0 datagrams expired incomplete, 0 still"
                + " incomplete at the end", loopback.get("fragmented"));
    }

    static Map<String, String> analysis(String capture) throws InterruptedException {
        Run run = Run.of("--pcap", CAPTURES + capture, "--trust", "10.1.0.0/16", "--period", "0");
        assertEquals(0, run.exit(), capture + ": " + run.err());
        return Run.analysis(run.report());
    }

    @Test
    void theAttacksTheEarlierIdsMissedAreCaughtAndTheBenignOnesPass() throws Exception {
        Run run = Run.of("--pcap", CAPTURES + "attacks.pcapng", "--period", "0");
        assertEquals(0, run.exit(), run.err());
        Map<String, String> r = run.report();
        assertEquals("1119 (125596 bytes)", r.get("packets analyzed"));
        assertEquals("2 tiny TCP fragments (VSIPFragments), 3 conflicting fragments in 3 datagrams, 0 fragments past"
                + " 65,535 bytes (TearDrop)", r.get("attacks"));
        assertEquals("3 datagrams reassembled, 1 duplicate fragments, 1106 datagrams expired incomplete, 0 still"
                + " incomplete at the end", r.get("fragmented"));
        assertEquals("none", r.get("damage"));
    }

    @Test
    void aDamagedCaptureIsReportedUpToTheDamageAndExits4() throws Exception {
        byte[] gz = Files.readAllBytes(Path.of(CAPTURES, "mix.pcap.gz"));
        Path cut = Files.write(dir.resolve("cut.pcap.gz"), Arrays.copyOf(gz, gz.length / 2));
        Run run = Run.of("--pcap", cut.toString(), "--period", "0");
        assertEquals(4, run.exit(), run.err());
        Map<String, String> r = run.report();
        long packets = Long.parseLong(r.get("packets analyzed").replaceAll(" .*", ""));
        assertTrue(packets > 500 && packets < 2000, r.toString());
        assertTrue(r.get("damage").startsWith("reading stopped: the gzip data is damaged or cut short after "),
                r.toString());
        assertTrue(run.err().startsWith("ids: the capture is damaged: reading stopped: the gzip data is damaged"),
                run.err());
        assertEquals(1, run.err().lines().count());

        byte[] pcap = Files.readAllBytes(Path.of(CAPTURES, "mix.pcap.gz"));
        Path emptyCapture = Files.write(dir.resolve("header-only.pcap"), Arrays.copyOf(
                new java.util.zip.GZIPInputStream(new java.io.ByteArrayInputStream(pcap)).readNBytes(30), 30));
        Run header = Run.of("--pcap", emptyCapture.toString());
        assertEquals(4, header.exit());
        assertEquals("0 (0 bytes)", header.report().get("packets analyzed"));
        assertFalse(header.out().contains("analysis rate"), "no rate for no packets");
    }

    @Test
    void whatCouldNotBeInspectedIsReportedAndExits5() throws Exception {
        Run links = Run.of("--pcap", CAPTURES + "mixed-links.pcapng.gz", "--period", "0");
        assertEquals(5, links.exit(), links.err());
        assertTrue(links.report().get("not inspected").contains("3 records skipped (first: interface 2 (block 3): link"
                + " type 101 is not analyzed"), links.out());

        Run evicted = Run.of("--pcap", CAPTURES + "attacks.pcapng", "--period", "0", "--frag-trackers", "100");
        assertEquals(5, evicted.exit());
        assertTrue(evicted.report().get("given up").startsWith("1007 datagrams evicted (when all 100 trackers"),
                evicted.out());
        assertTrue(evicted.report().get("attacks").contains("2 conflicting fragments in 2 datagrams"),
                "the teardrop behind 1,100 datagrams is what the bounds gave up: " + evicted.out());
        assertEquals("ids: not everything was inspected: 0 frames too large, 0 records skipped, 1007 datagrams evicted,"
                + " 0 fragments not kept (see the report)" + System.lineSeparator(), evicted.err());

        Run tooLarge = Run.of("--pcap", hugeFrame().toString(), "--period", "0");
        assertEquals(5, tooLarge.exit());
        assertTrue(tooLarge.report().get("not inspected").startsWith("1 frames too large for the reader (over 262130"
                + " bytes)"), tooLarge.out());
    }

    /** A pcap with a frame larger than the reader's buffer can hold, and a small one. */
    Path hugeFrame() throws IOException {
        int huge = 262_140;
        ByteBuffer b = ByteBuffer.allocate(24 + 16 + huge + 16 + 60).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(0xA1B2C3D4).putShort((short) 2).putShort((short) 4).putInt(0).putInt(0).putInt(262_144).putInt(1);
        b.putInt(0).putInt(0).putInt(huge).putInt(huge).position(b.position() + huge);
        b.putInt(0).putInt(1).putInt(60).putInt(60);
        return Files.write(dir.resolve("huge.pcap"), b.array());
    }
}
