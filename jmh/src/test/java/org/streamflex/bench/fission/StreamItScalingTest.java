package org.streamflex.bench.fission;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.streamflex.Filter;
import org.streamflex.FloatChannel;
import org.streamflex.StreamFlexGraph;
import org.streamflex.TimeChannel;
import org.streamflex.bench.fission.ScalingMain.Options;
import org.streamflex.bench.fission.StreamItScaling.Built;
import org.streamflex.bench.fission.StreamItScaling.Program;
import org.streamflex.bench.streamit.FloatPrinter;

/** {@code ScalingMain --program filterbank|beamformer}: its table, and what it refuses to rate. */
class StreamItScalingTest {
    private static final Pattern ROW = Pattern.compile("(\\d+) +(\\S+) +(\\S+) +(\\S+)(?: +(\\S+) +(\\S+) +(\\S+))?");
    private static final Pattern MEAN = Pattern.compile("mean speed-up on 2 cores: (\\S+)x \\((.*)\\)");
    private static final Pattern PLAIN_MEAN = Pattern.compile(
            "plain Java's split over 2 threads in the same rounds: (\\S+)x; every run's first \\d+ outputs equal the"
            + " others'");

    @ParameterizedTest
    @ValueSource(strings = {"filterbank", "beamformer"})
    void theProgramsPrintTheirPlacementARowPerRoundAndTheMeanSpeedUp(String program) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ScalingMain.run(Options.parse("--program", program, "--cores", "2", "--rounds", "2", "--seconds", "0.05",
                "--warmup", "0.1"), new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String out = bytes.toString(StandardCharsets.UTF_8);
        List<String> lines = out.lines().toList();
        String name = program.equals("filterbank") ? "FilterBankNew" : "SerializedBeamFormer";
        assertTrue(lines.getFirst().startsWith(name + ", 32 iterations per release")
                && lines.getFirst().endsWith("started on 2 workers (channels of 32 batches) vs fused on one (2)"), out);
        assertTrue(lines.contains("placement on 2 workers (schedule() of round 0's run):"), out);
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("workers: ")), out);
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("  worker 0: ")), out);

        // FilterBankNew has a plain-Java split to measure beside it; BeamFormer has none.
        boolean plain = program.equals("filterbank");
        assertEquals(plain, lines.contains("beside it, in the same rounds: plain Java's own split of the program over 2"
                + " threads against one (" + StreamItScaling.PLAIN_SPLIT + ")"), out);
        List<Double> ratios = new ArrayList<>();
        List<Double> plainRatios = new ArrayList<>();
        for (String line : lines) {
            Matcher row = ROW.matcher(line);
            if (row.matches()) {
                assertEquals(ratios.size() + 1, Integer.parseInt(row.group(1)), out);
                ratios.add(checkedRatio(row, 2, line));
                assertEquals(plain, row.group(5) != null, line);
                if (plain) {
                    plainRatios.add(checkedRatio(row, 5, line));
                }
            }
        }
        assertEquals(2, ratios.size(), "a row per round after the warm-up round\n" + out);
        Matcher mean = MEAN.matcher(lines.getLast());
        assertTrue(mean.matches(), out);
        assertEquals((ratios.get(0) + ratios.get(1)) / 2, Double.parseDouble(mean.group(1)), 0.011, out);
        Matcher plainMean = PLAIN_MEAN.matcher(mean.group(2));
        assertEquals(plain, plainMean.matches(), out);
        if (plain) {
            assertEquals((plainRatios.get(0) + plainRatios.get(1)) / 2, Double.parseDouble(plainMean.group(1)), 0.011,
                    out);
        }
    }

    /** A row's one-core rate, N-core rate and their ratio from column {@code first}, checked against each other. */
    private static double checkedRatio(Matcher row, int first, String line) {
        double one = Double.parseDouble(row.group(first));
        double many = Double.parseDouble(row.group(first + 1));
        double ratio = Double.parseDouble(row.group(first + 2));
        // Rates, not timings: on a machine loaded by other processes a 50 ms window may see few
        // iterations, so the columns are only checked against each other.
        assertTrue(one >= 0 && many >= 0 && ratio >= 0, line);
        if (one > 0) {
            // The columns are rounded to whole iterations and two decimals.
            assertEquals(many / one, ratio, 0.005 + 1e-9 + (many + one) / (one * one), line);
        }
        return ratio;
    }

    /** Puts 0, 1, 2, ... as floats, one a release; throws at {@link #failAt}, puts nothing from {@link #stopAt}. */
    public static final class Counting extends Filter {
        @SuppressWarnings("UnusedVariable") // the clock releases the filter through it; work() does not read the time
        private TimeChannel timer;
        private FloatChannel out;
        int failAt = -1;
        int stopAt = Integer.MAX_VALUE;
        private int next;

        @Override
        public void work() {
            if (next == failAt) {
                throw new IllegalStateException("refuses to count to " + failAt);
            }
            if (next < stopAt) {
                out.put((float) next);
                next++;
            }
        }
    }

    /** A free-running clock, a {@link Counting} source and a printer: the shape the harness measures. */
    public static final class CountingGraph extends StreamFlexGraph {
        final FloatPrinter printer;

        CountingGraph(int failAt, int stopAt) {
            Counting counting = makeFilter("counting", Counting.class);
            counting.failAt = failAt;
            counting.stopAt = stopAt;
            printer = makeFilter("printer", FloatPrinter.class, 1 << 20, DEFAULT_TRANSIENT_BYTES);
            connect(makeClock(0), counting, "timer");
            connect(counting, printer, 64);
            validate();
        }
    }

    private static Program counting(int failAt, int stopAt) {
        return new Program("Counting", 1, 1, 2, links -> {
            CountingGraph g = new CountingGraph(failAt, stopAt);
            return new Built(g, g.printer);
        });
    }

    @Test
    void aGraphThatFailsWhileMeasuredIsReportedByItsFailureNotRated() {
        // At its first work(): the failure comes before any output, however slowly the machine runs.
        Program program = counting(0, Integer.MAX_VALUE);
        ScalingFailure e = assertThrows(ScalingFailure.class,
                () -> StreamItScaling.measure(program, StreamItScaling.build(program, 2), 2, 0, 0.05));
        assertTrue(e.getMessage().startsWith("Counting on 2 workers failed: "), e.getMessage());
        assertTrue(e.getMessage().contains("counting") && e.getMessage().contains("refuses to count to 0"),
                e.getMessage());
    }

    @Test
    void aGraphThatPrintsNothingIsReportedAsStalledNotRated() {
        // Nothing at all, so no window can see it move, however slowly the machine runs.
        Program program = counting(-1, 0);
        ScalingFailure e = assertThrows(ScalingFailure.class, () -> StreamItScaling.measure(program,
                StreamItScaling.build(program, 2), 2, 0.05, 0.05, TimeUnit.MILLISECONDS.toNanos(200)));
        assertTrue(e.getMessage().startsWith("Counting on 2 workers printed nothing for ")
                && e.getMessage().endsWith("(0 values before): the graph stalled"), e.getMessage());
    }

    @Test
    void aGraphThatKeepsPrintingIsRatedInIterationsPerSecond() {
        Program program = counting(-1, Integer.MAX_VALUE);
        StreamItScaling.Measurement m = StreamItScaling.measure(program, StreamItScaling.build(program, 2), 2, 0.05,
                0.05);
        assertTrue(m.iterationsPerSecond() > 0, String.valueOf(m.iterationsPerSecond()));
        for (int i = 0; i < m.kept().length; i++) {
            assertEquals(i, m.kept()[i], "output " + i);
        }
        assertTrue(m.placement().startsWith("workers: "), m.placement());
    }

    @Test
    void runsThatPrintOtherValuesAreRefusedNamingTheFirst() {
        float[] reference = {1f, 2f, 3f};
        assertSame(reference, StreamItScaling.requireSameOutputs(reference, new float[] {1f, 2f}, "shorter"));
        float[] longer = {1f, 2f, 3f, 4f};
        assertSame(longer, StreamItScaling.requireSameOutputs(reference, longer, "longer"));
        float[] other = {1f, 2.5f, 3f};
        ScalingFailure e = assertThrows(ScalingFailure.class,
                () -> StreamItScaling.requireSameOutputs(longer, other, "P on 2 workers, round 1"));
        assertEquals("P on 2 workers, round 1 printed 2.5 as output 1 where the runs before printed 2.0: placing the"
                + " work changed the program's outputs", e.getMessage());
        // Bits, not ==: a sign that changed is a different output.
        assertThrows(ScalingFailure.class,
                () -> StreamItScaling.requireSameOutputs(new float[] {0f}, new float[] {-0f}, "signed zero"));
        assertArrayEquals(new float[] {Float.NaN}, StreamItScaling.requireSameOutputs(new float[] {Float.NaN},
                new float[] {Float.NaN}, "NaN"));
    }

    @Test
    void theWorkersBlockIsCutFromTheSchedule() {
        assertEquals("workers: 2 threads\n  worker 0: a\n", StreamItScaling.workersLines(
                "schedule: 1 static subgraph\nstatic subgraph 1: fused\nworkers: 2 threads\n  worker 0: a\n"));
        assertEquals("(schedule() names no workers)\n", StreamItScaling.workersLines("schedule: nothing\n"));
    }

    @Test
    void aRunWhoseUnitsMovedGivesItsMovedLine() {
        String moved = "workers: 2 threads, pinned to CPUs [0, 1], placed by a profile of 20 ms\n  worker 0: a\n"
                + "  worker 1: b\n  moved 1 time, last worker 1's units to worker 0: it waited for its CPU 41% of"
                + " the time it could run, 3 windows of 20 ms in a row; now:\n    worker 0: a, b\n    worker 1: \n";
        assertEquals(List.of("moved 1 time, last worker 1's units to worker 0: it waited for its CPU 41% of the time it"
                + " could run, 3 windows of 20 ms in a row; now:"), StreamItScaling.movedLines(moved));
        assertEquals(List.of(), StreamItScaling.movedLines("workers: 2 threads\n  worker 0: a\n  worker 1: b\n"));
    }

    @Test
    void aRunWhoseWorkerMovedToASpareCpuGivesThatLine() {
        String changed = "workers: 1 thread, pinned to CPUs [1]\n  worker 0: a\n  changed CPU 1 time, last worker 0"
                + " from CPU 0 to CPU 1, a spare one: it waited for CPU 0 56% of the time it could run, 3 windows of 20"
                + " ms in a row\n";
        assertEquals(List.of("changed CPU 1 time, last worker 0 from CPU 0 to CPU 1, a spare one: it waited for CPU 0"
                + " 56% of the time it could run, 3 windows of 20 ms in a row"), StreamItScaling.movedLines(changed));
    }

    @Test
    void heavyStaysTheDefaultWithItsDefaults() {
        Options o = Options.parse();
        assertEquals(ScalingMain.Program.HEAVY, o.program());
        assertEquals(Runtime.getRuntime().availableProcessors(), o.cores());
        assertEquals(1000, o.work());
        assertEquals(5, o.rounds());
        assertEquals(1.0, o.seconds());
        Options f = Options.parse("--program", "beamformer", "--cores", "4", "--warmup", "0", "--seconds", "0.5");
        assertEquals(ScalingMain.Program.BEAMFORMER, f.program());
        assertEquals(4, f.cores());
        assertEquals(0.0, f.warmup());
        assertEquals(0.5, f.seconds());
        assertEquals(ScalingMain.LINKS, f.links());
        assertEquals(4, Options.parse("--program", "filterbank", "--links", "4").links());
    }

    @Test
    void wrongArgumentsAreNamed() {
        for (List<String> args : List.of(List.of("--program"), List.of("--program", "fft"),
                List.of("--program", "FilterBank"), List.of("--cores", "0"), List.of("--cores", "two"),
                List.of("--seconds", "0"), List.of("--seconds", "x"), List.of("--seconds", "Infinity"),
                List.of("--seconds", "NaN"), List.of("--program", "filterbank", "--warmup", "-1"),
                List.of("--program", "filterbank", "--work", "10"), List.of("--warmup", "0.1"),
                List.of("--rounds", "-2"), List.of("--fast"), List.of("--links", "8"),
                List.of("--program", "beamformer", "--links", "1"))) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> Options.parse(args.toArray(String[]::new)), args.toString());
            assertTrue(!e.getMessage().isBlank(), args.toString());
        }
    }

    @Test
    void anUnknownProgramIsAUsageErrorWithExitStatus2() throws Exception {
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), ScalingMain.class.getName(), "--program", "fft");
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "ScalingMain did not exit");
        assertEquals(2, p.exitValue(), out);
        assertTrue(out.contains("ScalingMain: unknown program 'fft': heavy, filterbank or beamformer")
                && out.contains(ScalingMain.USAGE), out);
    }
}
