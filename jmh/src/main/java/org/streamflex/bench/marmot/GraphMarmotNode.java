package org.streamflex.bench.marmot;

import org.streamflex.runtime.GraphDriver;
import org.streamflex.samples.marmot.ArrayRecording;
import org.streamflex.samples.marmot.ArraySource;
import org.streamflex.samples.marmot.BadRecordingException;
import org.streamflex.samples.marmot.DoaLog;
import org.streamflex.samples.marmot.MarmotConfig;
import org.streamflex.samples.marmot.MarmotGraph;

/**
 * One marmot node as the sample's graph runs it: {@code MarmotGraph} for a one-node deployment,
 * without the score recorder (a plot's, not a node's), its source on a free-running clock, driven
 * on the caller's thread by the {@code GraphDriver} as the sample's command does: each step releases
 * the source, which reads one block of the recording itself, in its {@code work()}, and runs
 * everything downstream (detector, sync, DOA, and the server part's log; with one node the
 * clustering forms no group and fusion never runs).
 *
 * <pre>{@code
 * GraphMarmotNode node = new GraphMarmotNode(MarmotConfig.defaults(), scene);
 * node.run(scene.open());
 * node.log().count();
 * }</pre>
 */
public final class GraphMarmotNode {
    private final MarmotGraph graph;
    private final GraphDriver driver;
    private final ArraySource source;

    /** A node for node A of {@code scene}. */
    public GraphMarmotNode(MarmotConfig config, MarmotScene scene) {
        graph = new MarmotGraph(config, scene.deployment(), new double[] {scene.sampleRate()}, false, 0);
        driver = GraphDriver.of(graph);
        source = graph.source(0);
    }

    /**
     * Runs the graph over {@code recording}, a step per block, until the source's end mark has gone
     * through; once per node.
     *
     * @throws IllegalStateException if the recording broke off
     */
    public void run(ArrayRecording recording) {
        recording.attach(source);
        while (!source.ended()) {
            driver.step();
        }
        BadRecordingException broke = recording.problem("A");
        if (broke != null) {
            throw new IllegalStateException(broke.getMessage(), broke);
        }
    }

    /** The server's log of detections. */
    public DoaLog log() {
        return graph.doaLog();
    }

    /** The graph. */
    public MarmotGraph graph() {
        return graph;
    }
}
