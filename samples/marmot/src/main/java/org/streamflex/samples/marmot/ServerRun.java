package org.streamflex.samples.marmot;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.streamflex.BoundaryError;
import org.streamflex.GraphCounters;
import org.streamflex.StreamFlexError;

/**
 * The server of a run split between node JVMs and a server: listens for every node of the
 * deployment (its inventory), runs the server part of the graph (the {@link DoaLog}, clustering,
 * fusion and the {@link LocationLog}) on the poll clock the runtime gives it, and ends when every
 * node has sent its end mark, or after a timeout. Each detection and location goes to the listener
 * as it comes, as far as the logs' kept events publish them ({@link MarmotRun#collectSoFar}); the
 * rest, and the summary, once the graph has stopped (its threads joined).
 *
 * <pre>{@code
 * ServerRun.Outcome o = ServerRun.run(config, deployment, SiteOptions.server(listen, ids), false, 0, listener,
 *         err);
 * o.result().fixes();
 * }</pre>
 */
final class ServerRun {
    private ServerRun() {
    }

    /**
     * What the server found.
     *
     * @param result the detections and locations, as the one-JVM run's
     * @param links one line per node: what its link delivered to the server
     * @param silent the nodes whose end mark never came (the timeout ended the run)
     * @param withoutAudio the nodes whose end mark came with no audio before it (a node whose
     *     recording could not be opened sends just that)
     * @param otherDeployment the nodes (as their items' index names them) whose items carried another
     *     deployment's fingerprint, each with the detections ignored: {@code "B (3 detections ignored)"}
     */
    record Outcome(MarmotRun.Result result, List<String> links, List<String> silent, List<String> withoutAudio,
            List<String> otherDeployment) {
    }

    /**
     * Runs the server until every node's end mark has come or {@code timeoutSeconds} (when positive)
     * have passed; hands detections and locations to {@code listener} as they come.
     *
     * @return what it found, or null if the graph could not start or failed (the message went to {@code err})
     * @throws UsageException if the graph cannot be built as asked (the message says why)
     */
    static Outcome run(MarmotConfig config, Deployment deployment, org.streamflex.Deployment site,
            boolean doaOnServer, double timeoutSeconds, MarmotRun.Listener listener, PrintStream err)
            throws UsageException, InterruptedException {
        MarmotGraph graph;
        try {
            org.streamflex.Deployment at = doaOnServer ? site.maxSharedItemBytes(MarmotGraph.feedItemBytes(config))
                    : site;
            graph = at.build(() -> MarmotGraph.forServer(config, deployment, doaOnServer));
        } catch (StreamFlexError e) {
            throw new UsageException(e.getMessage());
        }
        GraphCounters counters = graph.counters();
        String ended = "filter.doa-log.event.node-ended";
        try {
            graph.start();
        } catch (StreamFlexError e) {
            err.println("marmot: the server could not start: " + e.getMessage());
            return null;
        }
        List<NodeSite> nodes = deployment.nodes();
        err.println("marmot: server listening at " + site.server().getHostString() + ":" + site.server().getPort()
                + " for nodes " + nodes.stream().map(NodeSite::id).toList() + ", deployment "
                + deployment.fingerprintText());
        String other = "filter.doa-log.event." + DoaLog.OTHER_DEPLOYMENT_EVENT;
        boolean[] told = new boolean[nodes.size()];
        long deadline = timeoutSeconds > 0 ? System.nanoTime() + (long) (timeoutSeconds * 1e9) : Long.MAX_VALUE;
        List<Detection> detections = new ArrayList<>();
        List<Fix> fixes = new ArrayList<>();
        while (graph.failure() == null && counters.value(ended) < nodes.size() && System.nanoTime() < deadline) {
            // Each DOA and LOC line as it comes: a server may run for hours.
            MarmotRun.collectSoFar(graph, deployment, detections, fixes, listener);
            if (counters.value(other) > 0) {
                tellOtherDeployments(graph.doaLog(), deployment, told, err);
            }
            Thread.sleep(20);
        }
        // The release that took the last end mark ran clustering, fusion and the location log after it,
        // depth first on the poll clock's thread; stop() lets that release finish.
        graph.stop();
        try {
            graph.awaitTermination(60, TimeUnit.SECONDS);
        } catch (BoundaryError e) {
            err.println("marmot: the server failed: " + e.getMessage());
            return null;
        }
        MarmotRun.collect(graph, deployment, detections, fixes, listener);
        DoaLog log = graph.doaLog();
        tellOtherDeployments(log, deployment, told, err);
        List<String> otherDeployment = new ArrayList<>();
        double audio = 0;
        List<Double> rates = new ArrayList<>();
        List<String> silent = new ArrayList<>();
        List<String> withoutAudio = new ArrayList<>();
        List<String> links = new ArrayList<>();
        for (int k = 0; k < nodes.size(); k++) {
            String id = nodes.get(k).id();
            audio = Math.max(audio, log.heardNanos(k) / 1e9);
            rates.add((double) log.sampleRate(k));
            if (log.foreignDeployment(k) != 0) {
                otherDeployment.add(id + " (" + log.foreignDetections(k) + " detections ignored)");
            }
            if (!log.ended(k)) {
                silent.add(id);
            } else if (log.heardNanos(k) == 0) {
                withoutAudio.add(id);
            }
            links.add(NodeRun.linkLine(counters, NodeRun.name(counters, "link." + id + ":", ".delivered")
                    .replaceFirst("\\.delivered$", ""), "delivered", "taken", "unread", "droppedAtReceiver",
                    "droppedAtSender", "lostInTransit"));
        }
        return new Outcome(new MarmotRun.Result(deployment, detections, fixes, List.of(), List.of(), graph.grid(),
                audio, rates, MarmotRun.withoutOnset(counters), List.of()), links, silent, withoutAudio,
                otherDeployment);
    }

    /**
     * Says, once per node, that its items carry another deployment's fingerprint. Reads the log's
     * fingerprints below its {@code other-deployment} counter, which the caller has read (the log
     * stores each before raising it), or after the graph has stopped.
     */
    private static void tellOtherDeployments(DoaLog log, Deployment deployment, boolean[] told, PrintStream err) {
        List<NodeSite> nodes = deployment.nodes();
        for (int k = 0; k < nodes.size(); k++) {
            long theirs = log.foreignDeployment(k);
            if (theirs != 0 && !told[k]) {
                told[k] = true;
                err.println("marmot: node " + nodes.get(k).id() + " (index " + k + " in the server's "
                        + Deployment.NODES_FILE + ") read another deployment: its items carry fingerprint "
                        + Deployment.fingerprintText(theirs) + ", the server's "
                        + Deployment.NODES_FILE + " and " + Deployment.MICS_FILE + " give "
                        + deployment.fingerprintText() + "; its detections are ignored (their node index and"
                        + " microphones would not be the server's): give every node the server's two files");
            }
        }
    }
}
