package org.streamflex.bench.xstream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.streamflex.bench.xstream.XStreamMain.Options;
import org.streamflex.bench.xstream.XStreamMain.Result;
import org.streamflex.bench.xstream.XStreamWorkloads.Workload;

class XStreamMainTest {
    static final String NUMBER = "[0-9]+\\.[0-9]{3}";

    @Test
    void theQuickRunPrintsTheMachineEveryVersionTheRatiosBesideThePapersAndTheSyncComparison()
            throws InterruptedException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Options tiny = Options.parse("--quick", "--replays", "1", "--warmup", "0", "--rounds", "1");
        boolean agree = XStreamMain.run(tiny, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String out = bytes.toString(StandardCharsets.UTF_8);
        List<String> lines = out.lines().toList();
        assertTrue(agree, out);
        assertTrue(lines.get(0).contains("--quick"), out);
        assertTrue(lines.get(1).matches("  machine: .+, \\d+ cores available, .+; caches: .+"), out);
        assertTrue(lines.get(2).startsWith("  JDK: "), out);
        for (String w : List.of("PASSCHAIN", "STATFILTER", "SILENCEFILTER", "DETECTAUDIO")) {
            for (String v : List.of("plain", "per-sample", "conventional", "sigseg")) {
                String row = w + " +" + v + " +1 +1 +" + NUMBER + " \\+- +NaN +.+";
                assertEquals(1, lines.stream().filter(l -> l.matches(row)).count(), w + " " + v + " in\n" + out);
            }
        }
        int ratios = lines.indexOf(lines.stream().filter(l -> l.startsWith("ratios")).findFirst().orElseThrow());
        assertTrue(lines.get(ratios).matches("ratios +sigseg/per-sample +paper XStream/NoSigSeg .*"), out);
        List<String> rows = List.of("PASSCHAIN +[0-9.]+x +769x", "STATFILTER +[0-9.]+x +1686x",
                "SILENCEFILTER +[0-9.]+x +859x", "DETECTAUDIO +[0-9.]+x +not in Table I");
        for (int i = 0; i < rows.size(); i++) {
            String row = lines.get(ratios + 1 + i);
            assertTrue(row.matches(rows.get(i) + " +[0-9.]+x +[0-9.]+x +[0-9.]+x"), row);
        }
        assertTrue(lines.stream().anyMatch(l -> l.matches("  sigseg +[0-9.]+ M samples/s = +[0-9]+x real time")), out);
        for (String shape : List.of("cut-before-sync", "with-sync", "with-hash-join")) {
            assertTrue(lines.stream().anyMatch(l -> l.matches("  " + shape + " +1 +1 .+ MB .+")), shape + "\n" + out);
        }
        assertTrue(lines.stream().anyMatch(l -> l.matches("  DETECTAUDIO +>= +68 M samples/s: .+ real time.*")), out);
        for (String w : List.of("STATFILTER", "SILENCEFILTER")) {
            String pair = "  " + w + " +[0-9.]+ \\+- NaN .*, 1 pairs of 1 replays";
            assertTrue(lines.stream().anyMatch(l -> l.matches(pair)), w + " paired in\n" + out);
            assertTrue(lines.stream().anyMatch(l -> l.matches("  " + w + " +>= .+ within 1.25x of plain: .+ paired.*")),
                    w + " goal in\n" + out);
        }
        assertTrue(lines.stream().noneMatch(l -> l.startsWith("memory managers")), "no sweep in a quick run");
    }

    @Test
    void theMemorySweepGivesEachBatchSizeARowWithBothManagers() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        XStreamInput input = XStreamInput.load(XStreamWorkloads.DEFAULT_BATCH);
        XStreamMain.printSweep(input, Options.parse("--quick", "--sweep"), new PrintStream(bytes, true,
                StandardCharsets.UTF_8));
        List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();
        for (int kb = 1; kb <= 2048; kb *= 2) {
            String row = " +" + kb + " KB +[0-9]+ +[0-9.]+ MB +[0-9.]+ +[0-9.]+ +[0-9.]+x";
            assertEquals(1, lines.stream().filter(l -> l.matches(row)).count(), kb + " KB in\n" + lines);
        }
    }

    @Test
    void versionsThatDisagreeAreFlaggedAndFailTheRun() {
        Map<Workload, Map<String, Result>> results = new LinkedHashMap<>();
        Map<String, Result> pass = new LinkedHashMap<>();
        pass.put(Version.PLAIN, result(Version.PLAIN, new Checksum(396_900, 1.5)));
        pass.put(Version.PER_SAMPLE, result(Version.PER_SAMPLE, new Checksum(396_900, 1.25)));
        results.put(Workload.PASSCHAIN, pass);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        assertFalse(XStreamMain.printTable(results, new PrintStream(bytes, true, StandardCharsets.UTF_8)));
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(out.lines().filter(l -> l.endsWith("DIFFERS")).count() == 2, out);
    }

    @Test
    void aVersionWithANewNameGetsARowOfItsOwn() {
        Map<Workload, Map<String, Result>> results = new LinkedHashMap<>();
        results.put(Workload.STATFILTER, new LinkedHashMap<>(Map.of("sigseg-copying",
                result("sigseg-copying", new Checksum(15, 1_000)))));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        assertTrue(XStreamMain.printTable(results, new PrintStream(bytes, true, StandardCharsets.UTF_8)));
        assertTrue(bytes.toString(StandardCharsets.UTF_8).lines()
                .anyMatch(l -> l.matches("STATFILTER +sigseg-copying +1 +2 +.*15 windows, first samples sum 1000")));
    }

    @Test
    void anUnknownOptionIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> Options.parse("--replay", "3"));
        assertEquals(7, Options.parse("--quick", "--replays", "7").replays());
        assertFalse(Options.parse("--quick").sweep());
        assertTrue(Options.parse().sweep());
        assertTrue(Options.parse("--quick", "--sweep").sweep());
    }

    @Test
    void aValueThatIsNotANumberIsNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Options.parse("--rounds", "ten"));
        assertTrue(e.getMessage().contains("--rounds needs a whole number, not 'ten'"), e.getMessage());
    }

    private static Result result(String name, Checksum check) {
        Version v = new Version() {
            @Override
            public Workload workload() {
                return Workload.PASSCHAIN;
            }

            @Override
            public String name() {
                return name;
            }

            @Override
            public Checksum run(XStreamInput input, int replays) {
                return check;
            }
        };
        return new Result(v, check, 1, List.of(1e6, 2e6));
    }
}
