package ${package};

import java.util.concurrent.TimeUnit;

/**
 * Runs {@link PipelineGraph} on a clock thread until it has released the filters {@code releases}
 * times (first argument, default 1000) every 100 microseconds, then prints what arrived.
 */
public final class App {
    private App() {
    }

    public static void main(String[] args) throws InterruptedException {
        int releases = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        PipelineGraph graph = new PipelineGraph(100);
        graph.start();
        // Bounded by progress, with a generous guard against a graph that stopped on a failure.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (graph.clock().releases() < releases && graph.failure() == null && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        graph.stop();
        graph.awaitTermination(5, TimeUnit.SECONDS);
        System.out.printf("released %d times, counted %d, total received %d, sum of squares %d%n",
                graph.clock().releases(), graph.counter().counted(), graph.total().received(), graph.total().sum());
    }
}
