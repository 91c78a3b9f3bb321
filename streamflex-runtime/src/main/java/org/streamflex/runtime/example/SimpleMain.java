package org.streamflex.runtime.example;

import java.util.concurrent.TimeUnit;
import org.streamflex.runtime.GraphDriver;

/**
 * The README's main job: runs the paper's Gen/Mid/Sink graph on a real clock thread, then the
 * same graph under the deterministic driver, and prints what happened.
 *
 * <p>Arguments: {@code [periodMicros [seconds]]}, default 100 microseconds for 2 seconds.
 */
public final class SimpleMain {
    private SimpleMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        int period = args.length > 0 ? Integer.parseInt(args[0]) : 100;
        double seconds = args.length > 1 ? Double.parseDouble(args[1]) : 2.0;

        SimpleGraph graph = new SimpleGraph(period);
        graph.start();
        Thread.sleep((long) (seconds * 1000));
        graph.stop();
        graph.awaitTermination(1, TimeUnit.SECONDS);
        print("clock thread, " + period + " us period, " + seconds + " s", graph);

        SimpleGraph driven = new SimpleGraph(period);
        GraphDriver.of(driven).run(100_000);
        print("deterministic driver, 100000 ticks", driven);
    }

    private static void print(String title, SimpleGraph graph) {
        long drops = graph.channel(graph.gen(), "out").dropped() + graph.channel(graph.mid(), "out").dropped();
        System.out.printf("Simple graph (%s)%n", title);
        System.out.printf("  ticks released       %d (missed deadlines %d)%n",
                graph.clock().releases(), graph.clock().missedDeadlines());
        System.out.printf("  items generated      %d%n", graph.gen().generated());
        System.out.printf("  items received       %d (last value %d, out of order %d)%n",
                graph.sink().received(), graph.sink().last(), graph.sink().outOfOrder());
        System.out.printf("  items dropped        %d%n", drops);
        System.out.printf("  clock backend        %s%n", graph.clock().backend());
    }
}
