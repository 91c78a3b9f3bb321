package org.streamflex.samples.ids;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.streamflex.samples.ids.IdsOptions.Prefix;

class IdsOptionsTest {
    static String problem(String... args) {
        return assertThrows(UsageException.class, () -> IdsOptions.parse(args)).getMessage();
    }

    @Test
    void noOptionsMeanTheBundledSampleAndTheDefaults() throws UsageException {
        IdsOptions o = IdsOptions.parse();
        assertNull(o.pcap());
        assertEquals(List.of(), o.trusted());
        assertEquals(80, o.periodMicros());
        assertEquals(64, o.perRelease());
        assertEquals(FragmentLimits.DEFAULT, o.fragments());
        assertEquals(false, o.help());
    }

    @Test
    void everyOptionIsReadInBothSpellings() throws UsageException {
        IdsOptions o = IdsOptions.parse("--pcap", "x.pcapng", "--trust", "10.0.0.0/8", "--trust=192.168.1.7",
                "--period", "0", "--per-release=1", "--frag-trackers", "100", "--frag-fragments", "8",
                "--frag-timeout=30");
        assertEquals(Path.of("x.pcapng"), o.pcap());
        assertEquals(List.of(new Prefix(0x0A000000, 8), new Prefix(0xC0A80107, 32)), o.trusted());
        assertEquals(0, o.periodMicros());
        assertEquals(1, o.perRelease());
        assertEquals(new FragmentLimits(100, 8, 30), o.fragments());
        assertTrue(IdsOptions.parse("--help").help());
        assertTrue(IdsOptions.parse("-h").help());
    }

    @Test
    void theReadmesTrustExampleIsAPrefix() throws UsageException {
        assertEquals(new Prefix(0x0A000000, 8), IdsOptions.parsePrefix("10.0.0.0/8"));
        assertEquals(new Prefix(0, 0), IdsOptions.parsePrefix("0.0.0.0/0"));
    }

    @Test
    void badPrefixesSayWhatATrustTakes() {
        assertEquals("--trust takes an IPv4 NETWORK/LENGTH such as 10.0.0.0/8, not '10.0.0/8'",
                problem("--trust", "10.0.0/8"));
        assertEquals("--trust takes an IPv4 NETWORK/LENGTH such as 10.0.0.0/8, not '10.0.0.256/8': '256' is not a"
                + " number from 0 to 255", problem("--trust", "10.0.0.256/8"));
        assertEquals("--trust takes an IPv4 NETWORK/LENGTH such as 10.0.0.0/8, not '10.0.0.0/33': the length after /"
                + " must be from 0 to 32", problem("--trust", "10.0.0.0/33"));
        assertEquals("--trust takes an IPv4 NETWORK/LENGTH such as 10.0.0.0/8, not '10.a.0.0/8': 'a' is not a number"
                + " from 0 to 255", problem("--trust", "10.a.0.0/8"));
        String[] seventeen = new String[34];
        for (int i = 0; i < 34; i += 2) {
            seventeen[i] = "--trust";
            seventeen[i + 1] = "10.0.0." + i + "/32";
        }
        assertEquals("--trust is given more than 16 times", problem(seventeen));
    }

    @Test
    void numbersOutOfRangeOrNotNumbersSayTheRange() {
        assertEquals("--period takes a whole number of microseconds from 0 to 1000000, not 'abc'",
                problem("--period", "abc"));
        assertEquals("--period takes a whole number of microseconds from 0 to 1000000, not '-5'",
                problem("--period", "-5"));
        assertEquals("--per-release takes a whole number of packets from 1 to 256, not '0'",
                problem("--per-release", "0"));
        assertEquals("--frag-trackers takes a whole number of datagrams from 1 to 1048576, not '0'",
                problem("--frag-trackers", "0"));
        assertEquals("--frag-fragments takes a whole number of fragments from 1 to 8192, not '99999'",
                problem("--frag-fragments", "99999"));
        assertEquals("--frag-timeout takes a whole number of seconds from 1 to 86400, not '1.5'",
                problem("--frag-timeout", "1.5"));
        assertEquals("--frag-trackers 1048576 times --frag-fragments 8192 is more than 16777216 fragment ranges"
                + " (128 MiB): lower one of them", problem("--frag-trackers", "1048576", "--frag-fragments", "8192"));
    }

    @Test
    void unknownRepeatedAndIncompleteOptionsAreNamed() {
        assertEquals("unknown option --pcapng", problem("--pcapng", "x"));
        assertEquals("unexpected argument x.pcap (options start with --, e.g. --pcap x.pcap)", problem("x.pcap"));
        assertEquals("--period needs a value", problem("--period"));
        assertEquals("--pcap is given twice", problem("--pcap", "a", "--pcap", "b"));
        assertEquals("--pcap needs a file name", problem("--pcap="));
    }
}
