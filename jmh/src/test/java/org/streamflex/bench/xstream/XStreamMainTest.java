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
    void theQuickRunPrintsTheMachineARowPerVersionAndTheRatiosBesideThePapers() throws InterruptedException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Options tiny = Options.parse("--quick", "--replays", "1", "--warmup", "0", "--rounds", "1");
        boolean agree = XStreamMain.run(tiny, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String out = bytes.toString(StandardCharsets.UTF_8);
        List<String> lines = out.lines().toList();
        assertTrue(agree, out);
        assertTrue(lines.get(0).contains("--quick"), out);
        assertTrue(lines.get(1).matches("  machine: .+, \\d+ cores available, .+"), out);
        assertTrue(lines.get(2).startsWith("  JDK: "), out);
        for (String w : List.of("PASSCHAIN", "STATFILTER", "SILENCEFILTER")) {
            for (String v : List.of("plain", "per-sample", "conventional")) {
                String row = w + " +" + v + " +1 +1 +" + NUMBER + " \\+- +NaN +.+";
                assertEquals(1, lines.stream().filter(l -> l.matches(row)).count(), w + " " + v + " in\n" + out);
            }
            assertTrue(lines.stream().anyMatch(l -> l.matches(w + " +sigseg +not built yet")), out);
        }
        assertTrue(lines.stream().anyMatch(l -> l.matches("DETECTAUDIO +all +not built yet.*")), out);
        int ratios = lines.indexOf(lines.stream().filter(l -> l.startsWith("ratios")).findFirst().orElseThrow());
        assertTrue(lines.get(ratios).matches("ratios +sigseg/per-sample +paper XStream/NoSigSeg .*"), out);
        List<String> rows = List.of("PASSCHAIN +not built yet +769x", "STATFILTER +not built yet +1686x",
                "SILENCEFILTER +not built yet +859x");
        for (int i = 0; i < rows.size(); i++) {
            String row = lines.get(ratios + 1 + i);
            assertTrue(row.matches(rows.get(i) + " +not built yet +[0-9.]+x +[0-9.]+x"), row);
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
