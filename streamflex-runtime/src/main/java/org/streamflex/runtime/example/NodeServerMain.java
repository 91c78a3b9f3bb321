package org.streamflex.runtime.example;

import java.io.IOException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.streamflex.BoundaryError;
import org.streamflex.Deployment;
import org.streamflex.StreamFlexError;
import org.streamflex.runtime.ApiAccess;
import org.streamflex.runtime.graph.RuntimeGraph;
import org.streamflex.runtime.net.CrossingLinks;

/**
 * Runs {@link NodeServerGraph} for a while as the system properties deploy it (whole, a node, or
 * the server; see {@link Deployment#fromProperties()}) and prints what it did: a node what it
 * sampled and sent, the server what it received from each node.
 *
 * <pre>
 * java -Dstreamflex.site=server -Dstreamflex.server=127.0.0.1:7400 -Dstreamflex.nodes=n1,n2 \
 *      -cp jmh/target/benchmarks.jar org.streamflex.runtime.example.NodeServerMain --seconds 20
 * java -Dstreamflex.site=node -Dstreamflex.node=n1 -Dstreamflex.server=127.0.0.1:7400 \
 *      -cp jmh/target/benchmarks.jar org.streamflex.runtime.example.NodeServerMain --seconds 10
 * </pre>
 *
 * <p>Options: {@code --seconds S} (how long to run, default 10; 0 to run until standard input
 * ends, as when Ctrl-D is typed or a script closes it), {@code --period US} (the
 * sampler's period, default 1000). Exit status: 0 when it ran, 1 when the graph failed or could not
 * start (address taken, bad TLS store), 2 on a bad command line or deployment property.
 */
public final class NodeServerMain {
    private NodeServerMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        System.exit(run(args));
    }

    /** The command; returns its exit status. */
    static int run(String[] args) throws InterruptedException {
        double seconds = 10;
        int period = 1000;
        try {
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--seconds" -> seconds = number(args, ++i, 0);
                    case "--period" -> period = (int) number(args, ++i, 1);
                    default -> throw new IllegalArgumentException("unknown option " + args[i]);
                }
            }
        } catch (IllegalArgumentException e) {
            System.err.println("NodeServerMain: " + e.getMessage()
                    + "\nusage: NodeServerMain [--seconds S] [--period US], deployed by -Dstreamflex.site=...");
            return 2;
        }
        NodeServerGraph graph;
        try {
            graph = new NodeServerGraph(period);
        } catch (StreamFlexError e) {
            System.err.println("NodeServerMain: " + e.getMessage());
            return 2;
        }
        Deployment deployment = graph.deployment();
        CrossingLinks links = ((RuntimeGraph) ApiAccess.assemblyOf(graph)).crossingLinks();
        try {
            graph.start();
        } catch (StreamFlexError e) {
            System.err.println("NodeServerMain: " + e.getMessage());
            return 1;
        }
        System.out.println("running " + deployment + (links != null && links.listeningAt() != null
                ? ", listening at " + links.listeningAt().getHostString() + ":" + links.listeningAt().getPort() : "")
                + (seconds > 0 ? " for " + seconds + " s" : " until standard input ends"));
        System.out.flush();
        waitAndReport(graph, links, seconds);
        graph.stop();
        try {
            graph.awaitTermination(10, TimeUnit.SECONDS);
        } catch (BoundaryError e) {
            System.err.println("NodeServerMain: the graph failed: " + e.getMessage());
            return 1;
        }
        if (deployment.site() != Deployment.Site.SERVER) {
            System.out.println("sampled " + graph.sampler().samples());
        }
        if (deployment.site() != Deployment.Site.NODE) {
            System.out.println("received " + graph.tally().count() + ", sum " + graph.tally().sum());
        }
        if (links != null) {
            System.out.print(links.describe());
        }
        return 0;
    }

    /** Waits {@code seconds}, or with 0 until standard input ends, printing progress every second. */
    private static void waitAndReport(NodeServerGraph graph, CrossingLinks links, double seconds)
            throws InterruptedException {
        CountDownLatch ended = new CountDownLatch(1);
        if (seconds == 0) {
            Thread.ofPlatform().daemon().name("stdin").start(() -> {
                try {
                    while (System.in.read() >= 0) {
                        // what is typed does not matter: only its end
                    }
                } catch (IOException e) {
                    // an input that fails has ended too
                }
                ended.countDown();
            });
        }
        long end = seconds == 0 ? Long.MAX_VALUE : System.nanoTime() + (long) (seconds * 1e9);
        while (System.nanoTime() < end) {
            long wait = Math.min(TimeUnit.SECONDS.toNanos(1), end - System.nanoTime());
            if (ended.await(Math.max(0, wait), TimeUnit.NANOSECONDS)) {
                return;
            }
            Deployment.Site site = graph.deployment().site();
            System.out.println("progress:" + (site == Deployment.Site.SERVER ? ""
                    : " sampled " + graph.sampler().samples())
                    + (site == Deployment.Site.NODE ? " sent " + links.client(0).counters().sent()
                    : " received " + graph.tally().count()));
        }
    }

    private static double number(String[] args, int i, double least) {
        if (i >= args.length) {
            throw new IllegalArgumentException(args[i - 1] + " needs a value");
        }
        try {
            double v = Double.parseDouble(args[i]);
            if (v >= least && Double.isFinite(v)) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(args[i - 1] + " " + args[i] + ": give a number from " + (int) least + " up");
    }
}
