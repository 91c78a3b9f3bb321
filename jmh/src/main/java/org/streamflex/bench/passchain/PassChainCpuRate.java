package org.streamflex.bench.passchain;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Locale;
import org.streamflex.runtime.GraphDriver;

/**
 * PASSCHAIN's {@code streamflex} benchmark measured per CPU-second of the driving thread as well as
 * per wall-clock second: on a VM shared with other processes the wall-clock rate says mostly how
 * much of a core the thread was given, while its CPU time counts only the time it ran. The graph
 * and the driving loop are {@link PassChainBenchmark}'s: {@value PassChainBenchmark#ITEMS} items
 * per call of {@link GraphDriver#run(int)}.
 *
 * <p>Arguments: batch (1 or 64), the stages ({@code ITEM}, {@code BULK} or {@code RATED}, or
 * {@code PLAIN} for {@link PlainPassChain}, the benchmark's {@code plainCalls}), the seconds of each
 * round and the number of rounds; one line per round.
 */
public final class PassChainCpuRate {
    private PassChainCpuRate() {
    }

    public static void main(String[] args) {
        int batch = Integer.parseInt(args[0]);
        boolean plain = args[1].equalsIgnoreCase("plain");
        PassChainGraph.Stages stages = plain ? PassChainGraph.Stages.ITEM
                : PassChainGraph.Stages.valueOf(args[1].toUpperCase(Locale.ROOT));
        double seconds = Double.parseDouble(args[2]);
        int rounds = Integer.parseInt(args[3]);
        PassChainGraph graph = new PassChainGraph(batch, 256, stages);
        GraphDriver driver = GraphDriver.of(graph);
        PlainPassChain calls = new PlainPassChain();
        int releases = PassChainBenchmark.ITEMS / batch;
        int next = 0;
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        for (int round = 0; round < rounds; round++) {
            long items = 0;
            long wall = System.nanoTime();
            long cpu = threads.getCurrentThreadCpuTime();
            long end = wall + (long) (seconds * 1e9);
            while (System.nanoTime() < end) {
                for (int k = 0; k < 100; k++) {
                    if (plain) {
                        for (int i = 0; i < PassChainBenchmark.ITEMS; i++) {
                            calls.push(next++);
                        }
                    } else {
                        driver.run(releases);
                    }
                }
                items += 100L * PassChainBenchmark.ITEMS;
            }
            double wallRate = items * 1e3 / (System.nanoTime() - wall);
            double cpuRate = items * 1e3 / (threads.getCurrentThreadCpuTime() - cpu);
            System.out.printf(Locale.ROOT, "round %d: %.1f M items per CPU-second, %.1f M items/s%n", round, cpuRate,
                    wallRate);
        }
        if (plain && calls.received() != next) {
            throw new AssertionError("the plain chain received " + calls.received() + " of " + next);
        }
        if (graph.sink().received() != graph.source().generated()) {
            throw new AssertionError("sink received " + graph.sink().received() + " of " + graph.source().generated());
        }
    }
}
