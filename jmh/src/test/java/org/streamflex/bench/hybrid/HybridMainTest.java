package org.streamflex.bench.hybrid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class HybridMainTest {
    static final String[] TINY = {"--quick", "--items", "64", "--warmup", "0", "--rounds", "1"};

    record Outcome(int status, String out, String err) {
        List<String> lines() {
            return out.lines().toList();
        }
    }

    static Outcome runMain(String... args) throws InterruptedException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = HybridMain.status(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Outcome(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aTinyRunMeasuresEveryRowAndPrintsTheRatiosBesideThePapersAndExitsZero() throws InterruptedException {
        Outcome o = runMain(TINY);
        assertEquals(0, o.status(), o.out() + o.err());
        List<String> lines = o.lines();
        assertTrue(lines.get(0).endsWith("(--quick)"), o.out());
        assertTrue(lines.get(1).matches("  machine: .+ core\\(s\\) available to this process \\(CPUs .+\\), .+"),
                o.out());
        assertTrue(o.out().contains("streamflex.fusion: "), o.out());
        Map<String, Long> rowsNamed = Experiments.all().stream().flatMap(section -> section.rows().stream())
                .collect(Collectors.groupingBy(row -> row.key() + " " + row.variant(), Collectors.counting()));
        for (Section section : Experiments.all()) {
            assertEquals(1, lines.stream().filter(l -> l.startsWith(section.id() + " ")).count(), section.id());
            for (Section.Row row : section.rows()) {
                String line = "  " + row.key() + " +" + row.variant() + " +64 +1 +[0-9]+\\.[0-9]{3} \\+- NaN +64 items,"
                        + " sum .+";
                // 5.1.1 and 5.2.1 both have a plain row at n = 8: one line per row of that name in any section.
                assertEquals(rowsNamed.get(row.key() + " " + row.variant()), lines.stream().filter(l -> l.matches(line))
                        .count(), section.id() + " " + row.key() + " " + row.variant() + " in\n" + o.out());
            }
        }
        assertTrue(lines.stream().anyMatch(l -> l.matches("  1 +[0-9.]+x +[0-9.]+x +[0-9.]+x +5x")), o.out());
        assertTrue(lines.stream().anyMatch(l -> l.matches("  31 +[0-9.]+x +[0-9.]+x +[0-9.]+x +10x")), o.out());
        assertTrue(lines.stream().anyMatch(l -> l.matches("  1000 +[0-9.]+x +[0-9.]+x +[0-9.]+x +1.48x")), o.out());
        assertTrue(lines.stream().anyMatch(l -> l.matches("  n=1 B=100 +([0-9.]+x +){4}1.64x +\"can triple\"")),
                o.out());
        assertTrue(lines.stream().anyMatch(l -> l.matches("  n=1 B=1 +([0-9.]+x +){3}1.00x +5x +-")), o.out());
        assertTrue(lines.stream().anyMatch(l -> l.matches("  8 +([0-9.]+x +){9}3.1x")), o.out());
        assertTrue(lines.stream().anyMatch(l -> l.matches("  32 +([0-9.]+x +){9}10.5x")), o.out());
        assertFalse(o.out().contains("DIFFERS") || o.out().contains("WRONG"), o.out());
    }

    @Test
    void aSectionCanBeRunAlone() throws InterruptedException {
        Outcome o = runMain("--items", "64", "--warmup", "0", "--rounds", "1", "--section", "5.1.2");
        assertEquals(0, o.status(), o.out() + o.err());
        assertTrue(o.out().contains("\n5.1.2 "), o.out());
        for (String other : List.of("5.1.1", "5.1.3", "5.2.1")) {
            assertFalse(o.out().contains("\n" + other + " "), other + " ran too:\n" + o.out());
        }
    }

    @Test
    void workSetsTheComputationsOfSection521sFiltersAndPlainBoundsTheOsThreads() throws InterruptedException {
        Outcome o = runMain("--items", "64", "--warmup", "0", "--rounds", "1", "--section", "5.2.1", "--work", "0");
        assertEquals(0, o.status(), o.out() + o.err());
        assertTrue(o.out().contains("n filters of W = 0 computations each"), o.out());
        assertTrue(o.lines().stream().anyMatch(l -> l.matches("  32 +plain +64 .*64 items, sum .+")), o.out());
        assertTrue(o.out().contains("plain/threads-abq"), o.out());
        assertFalse(o.out().contains("DIFFERS"), o.out());
        assertEquals(List.of(0), Experiments.all(0).get(3).rows().stream()
                .map(r -> r.impl().chain().work()).distinct().toList());
        assertEquals(List.of(Experiments.THREAD_WORK), Experiments.all().get(3).rows().stream()
                .map(r -> r.impl().chain().work()).distinct().toList());
        Outcome bad = runMain("--work", "-1");
        assertEquals(2, bad.status(), bad.err());
        assertTrue(bad.err().contains("--work needs 0 or more computations per filter, not -1"), bad.err());
    }

    @Test
    void aBadArgumentPrintsTheUsageAndExitsTwo() throws InterruptedException {
        for (List<String> bad : List.of(List.of("--rounds", "ten"), List.of("--section", "5.9"),
                List.of("--items", "100"), List.of("--warmup"), List.of("quick"))) {
            Outcome o = runMain(bad.toArray(String[]::new));
            assertEquals(2, o.status(), bad + ": " + o.err());
            assertTrue(o.err().contains(HybridMain.USAGE), bad + ": " + o.err());
            assertEquals("", o.out(), bad + " measured nothing");
        }
        assertTrue(runMain("--rounds", "ten").err().contains("--rounds needs a whole number, not 'ten'"));
        assertTrue(runMain("--section", "5.9").err()
                .contains("no section 5.9; there are [5.1.1, 5.1.2, 5.1.3, 5.2.1]"));
    }

    @Test
    void aVariantWithAWrongChecksumIsFlaggedItsRatiosLeftOutAndTheRunFails() {
        Section s = new Section("9.9", "a test", "n",
                List.of(new Section.Row("1", "good", new PlainChain(new Chain(1, 1, 0))),
                        new Section.Row("1", "bad", new PlainChain(new Chain(1, 1, 0)))),
                List.of(Section.Ratio.sameKey("good", "bad")), List.of("1"),
                List.of(new Section.Paper("paper", Map.of("1", "2x"))), List.of("a note"));
        Result good = new Result(64, List.of(2e6, 2e6), new Checksum(64, 2016), null);
        Result bad = new Result(64, List.of(), new Checksum(64, 2017), "DIFFERS: got 64 items, sum 2017.0");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        boolean valid = HybridMain.print(s, Map.of("1|good", good, "1|bad", bad),
                new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertFalse(valid);
        assertTrue(out.lines().anyMatch(l -> l.matches("  1 +bad .*DIFFERS: got 64 items, sum 2017.0")), out);
        assertTrue(out.lines().anyMatch(l -> l.matches("  1 +- +2x")), "no ratio with a wrong variant:\n" + out);
        assertTrue(out.contains("  a note"), out);
    }

    @Test
    void ratiosPrintWithTwoDecimalsBelowTenAndNoneAbove() {
        assertEquals("1.48x", HybridMain.times(1.4849));
        assertEquals("10x", HybridMain.times(10.4));
        assertEquals("0.50x", HybridMain.times(0.5));
    }
}
