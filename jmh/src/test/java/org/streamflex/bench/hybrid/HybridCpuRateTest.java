package org.streamflex.bench.hybrid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class HybridCpuRateTest {

    @Test
    void bothVariantsMeasureRoundsWhoseChecksumsAreThePlainLoops() throws InterruptedException {
        for (String kind : new String[] {"graph", "plain"}) {
            HybridCpuRate.Result r = HybridCpuRate.measure(HybridCpuRate.variant(4, kind, 3), 1 << 10, 0, 0);
            assertTrue(r.rounds() >= 1, kind + ": " + r);
            assertTrue(r.perCpuSecond() > 0 && r.wallMedian() > 0, kind + ": " + r);
        }
    }

    @Test
    void aVariantWhoseSumDiffersIsAnError() {
        Variant wrong = new Variant() {
            @Override
            public Chain chain() {
                return new Chain(2, 1, 1);
            }

            @Override
            public Run run(long items) {
                return new Run(new Checksum(items, -1), 1);
            }
        };
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> HybridCpuRate.measure(wrong, 1 << 4, 0, 0));
        assertTrue(e.getMessage().contains("sum -1.0"), e.getMessage());
    }

    @Test
    void theSteadyKindRunsOneGraphAndPrintsItsCheckedRate() throws InterruptedException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int status = HybridCpuRate.status(new String[] {"4", "1", "steady", "3"}, new PrintStream(out, true,
                StandardCharsets.UTF_8), new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        String printed = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, status, printed);
        assertTrue(printed.startsWith("steady n=4 W=3: ") && printed.contains("checksum the plain loop's"), printed);
    }

    @Test
    void theSplitKindPrintsRoundsSteadyWindowsAndPlainCallsByThread() throws InterruptedException {
        assumeTrue(ThreadCpu.available(), "no /proc: split refuses to run, tested below");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int status = HybridCpuRate.status(new String[] {"4", "1", "split", "3"}, new PrintStream(out, true,
                StandardCharsets.UTF_8), new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        String printed = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, status, printed);
        assertTrue(printed.startsWith("split n=4 W=3, ") && printed.contains("every checksum the plain loop's"),
                printed);
        for (String part : new String[] {"  rounds (", "  their start() calls: ", "  steady (", "  plain ("}) {
            assertTrue(printed.contains(part), part + " in " + printed);
        }
    }

    @Test
    void aWrongArgumentPrintsTheUsageAndExitsTwo() throws InterruptedException {
        for (String[] args : new String[][] {{"32", "10"}, {"32", "10", "threads"}, {"0", "10", "plain"},
                {"8", "0", "graph"}, {"x", "10", "graph"}, {"0", "8", "steady"}, {"8", "0", "steady"},
                {"8", "8", "steady", "-1"}, {"0", "8", "split"}, {"8", "0", "split"}}) {
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int status = HybridCpuRate.status(args, new PrintStream(new ByteArrayOutputStream(), true,
                    StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
            assertEquals(2, status, String.join(" ", args));
            assertTrue(err.toString(StandardCharsets.UTF_8).contains(HybridCpuRate.USAGE), String.join(" ", args));
        }
    }
}
