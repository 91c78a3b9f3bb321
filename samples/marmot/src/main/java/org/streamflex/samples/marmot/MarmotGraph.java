package org.streamflex.samples.marmot;

import java.util.ArrayList;
import java.util.List;
import org.streamflex.Clock;
import org.streamflex.Filter;
import org.streamflex.Joiner;
import org.streamflex.dsp.ComplexSeg;
import org.streamflex.dsp.FloatSeg;
import org.streamflex.dsp.SegTuple;
import org.streamflex.dsp.Signal;
import org.streamflex.dsp.SignalGraph;
import org.streamflex.dsp.TimeRange;
import org.streamflex.dsp.Timebase;
import org.streamflex.dsp.TimedValue;
import org.streamflex.dsp.detect.CfarDetector;
import org.streamflex.dsp.join.SyncPolicy;
import org.streamflex.dsp.rewrite.Lowered;

/**
 * The marmot application as one graph: a node part per node and the server part, joined by one
 * channel of {@link DoaVector}s (the Joiner's output), where a run split between node JVMs and a
 * server cuts it ({@link #forNode}, {@link #forServer}: the server part is marked
 * {@code runOnServer}).
 *
 * <p>Node part, per node: {@link ArraySource} (four channels) -> {@code rewindow(32)} of channel 1
 * -> {@code bandpass(32, lo, hi)} -> {@code fft(32)} (the bandpass's inverse FFT and this FFT
 * cancel when the graph is validated) -> {@code binScore} (the sum of magnitudes) ->
 * {@code CfarDetector} -> {@link MinimumDuration} -> {@code sync} of the four channels over each padded detection ->
 * {@link MarmotDoa} -> {@link DoaForward} (the two fused, the DOA fissioned on more than one core).
 * Server part: {@link DoaLog} -> {@link TemporalCluster} -> {@link GridFusion} -> {@link LocationLog}.
 *
 * <pre>{@code
 * MarmotGraph g = new MarmotGraph(config, deployment.nodes(), rates);
 * g.source(0).write(frames, 1024);
 * GraphDriver.of(g).step();
 * }</pre>
 */
public final class MarmotGraph extends SignalGraph {
    /** A node's source puts a progress mark every so many blocks (and an end mark after the last). */
    public static final int BLOCKS_PER_PROGRESS = 16;
    private static final int CHANNEL = 256;
    private final List<ArraySource> sources = new ArrayList<>();
    private final List<ScoreTap> taps = new ArrayList<>();
    private final DoaLog doaLog;
    private final TemporalCluster cluster;
    private final LocationLog locations;
    private final MarmotConfig.Grid grid;

    /**
     * Builds and validates the graph.
     *
     * @param config the parameters
     * @param deployment the nodes to run (each with four microphones)
     * @param sampleRates each node's sample rate, in the deployment's order
     */
    public MarmotGraph(MarmotConfig config, Deployment deployment, double[] sampleRates) {
        this(config, deployment, sampleRates, true, 0);
    }

    /**
     * Builds and validates the graph, with or without the score recorders, on free-running or
     * periodic source clocks.
     *
     * @param config the parameters
     * @param deployment the nodes to run (each with four microphones)
     * @param sampleRates each node's sample rate, in the deployment's order
     * @param scoreTaps whether to record each node's scores and thresholds for the score plot (a
     *     second CFAR per score; the measurements leave it out, as a deployed node would)
     * @param clockPeriodMicros 0: the sources' clocks are free-running (driven runs, as fast as the
     *     machine goes); otherwise each source is released every so many microseconds (a paced run,
     *     the block period at the sample rate)
     */
    public MarmotGraph(MarmotConfig config, Deployment deployment, double[] sampleRates, boolean scoreTaps,
            int clockPeriodMicros) {
        this(config, deployment, every(deployment), sampleRates, scoreTaps, clockPeriodMicros, false);
    }

    /**
     * The graph of node {@code node} in a run split between node JVMs and a server: that node's part
     * (its index in {@code deployment} travels in every item it sends) and the server part, which the
     * split leaves out. Build it under {@link org.streamflex.Deployment#build}.
     *
     * <pre>{@code
     * MarmotGraph g = org.streamflex.Deployment.node("A", new InetSocketAddress("10.0.0.5", 7400))
     *         .build(() -> MarmotGraph.forNode(config, deployment, 0, 44_100, 23_220));
     * }</pre>
     *
     * @param node the node's index in {@code deployment}
     * @param sampleRate its recording's sample rate
     * @param clockPeriodMicros its source's period (the block period at real time)
     */
    public static MarmotGraph forNode(MarmotConfig config, Deployment deployment, int node, double sampleRate,
            int clockPeriodMicros) {
        return forNode(config, deployment, node, sampleRate, clockPeriodMicros, false);
    }

    /** {@link #forNode(MarmotConfig, Deployment, int, double, int)}, with the DOA on the server if asked. */
    static MarmotGraph forNode(MarmotConfig config, Deployment deployment, int node, double sampleRate,
            int clockPeriodMicros, boolean doaOnServer) {
        double[] rates = new double[deployment.nodes().size()];
        rates[node] = sampleRate;
        return new MarmotGraph(config, deployment, new int[] {node}, rates, false, clockPeriodMicros, doaOnServer);
    }

    /**
     * The graph of the server in a run split between node JVMs and a server: the server part, for
     * every node of {@code deployment}. It is built with the first node's part as the description of
     * what crosses (one graph class describes both sides, and the whole graph is validated before it
     * is split); the split removes every node filter, so that part's sample rate is a stand-in that
     * only has to pass its checks. Build it under {@link org.streamflex.Deployment#build}.
     *
     * <pre>{@code
     * MarmotGraph g = org.streamflex.Deployment.server(new InetSocketAddress("10.0.0.5", 7400), List.of("A", "B"))
     *         .build(() -> MarmotGraph.forServer(config, deployment));
     * }</pre>
     */
    public static MarmotGraph forServer(MarmotConfig config, Deployment deployment) {
        return forServer(config, deployment, false);
    }

    /** {@link #forServer(MarmotConfig, Deployment)}, with the DOA on the server if asked. */
    static MarmotGraph forServer(MarmotConfig config, Deployment deployment, boolean doaOnServer) {
        double[] rates = new double[deployment.nodes().size()];
        rates[0] = Math.max(44_100, 4 * config.highHz());
        return new MarmotGraph(config, deployment, new int[] {0}, rates, false, 0, doaOnServer);
    }

    private static int[] every(Deployment deployment) {
        int[] all = new int[deployment.nodes().size()];
        for (int k = 0; k < all.length; k++) {
            all[k] = k;
        }
        return all;
    }

    private MarmotGraph(MarmotConfig config, Deployment deployment, int[] parts, double[] sampleRates,
            boolean scoreTaps, int clockPeriodMicros, boolean doaOnServer) {
        List<NodeSite> nodes = deployment.nodes();
        if (nodes.isEmpty() || nodes.size() > DoaCluster.MAX_NODES) {
            throw new IllegalArgumentException("the graph runs 1 to " + DoaCluster.MAX_NODES + " nodes, not "
                    + nodes.size());
        }
        setSignalCapacity(64);
        Joiner joiner = makeFilter(Joiner.class);
        List<Filter> doas = new ArrayList<>();
        for (int k : parts) {
            NodeSite site = nodes.get(k);
            if (site.mics() != ArraySource.CHANNELS) {
                throw new IllegalArgumentException("node " + site.id() + " has " + site.mics()
                        + " microphones; the sample reads 4-channel arrays");
            }
            if (config.highHz() >= sampleRates[k] / 2) {
                throw new IllegalArgumentException("node " + site.id() + ": the band's upper edge " + config.highHz()
                        + " Hz is past Nyquist at " + sampleRates[k] + " Hz");
            }
            ArraySource source = makeFilter("source-" + site.id(), ArraySource.class, 1 << 20, 64 << 10);
            source.configure(k, Timebase.of("node-" + site.id(), sampleRates[k], 0), config.block(),
                    BLOCKS_PER_PROGRESS);
            // Free-running: under the driver each step releases every node's source once, in node order.
            // Periodic: a real-time thread releases it every block period, as a sound card would.
            Clock clock = makeClock(clockPeriodMicros);
            connect(clock, source, "timer");
            sources.add(source);
            Signal<FloatSeg> c0 = signal(source, "ch0", FloatSeg.class);
            Signal<FloatSeg> c1 = signal(source, "ch1", FloatSeg.class);
            Signal<FloatSeg> c2 = signal(source, "ch2", FloatSeg.class);
            Signal<FloatSeg> c3 = signal(source, "ch3", FloatSeg.class);

            Signal<FloatSeg> band = bandpass(rewindow(c0, MarmotConfig.WINDOW, 0), MarmotConfig.WINDOW, config.lowHz(),
                    config.highHz());
            Signal<ComplexSeg> spectra = fft(band, MarmotConfig.WINDOW);
            Signal<TimedValue> scores = binScore(spectra, null);
            if (scoreTaps) {
                ScoreTap tap = makeFilter("scores-" + site.id(), ScoreTap.class, 1 << 20, 64 << 10);
                tap.configure(config.beta(), config.timeConstant(), config.warmup(), config.hold(),
                        config.minStd());
                into(scores, tap, "in");
                taps.add(tap);
            }
            Signal<TimeRange> detections = operator("cfar", maker -> {
                CfarDetector cfar = maker.make("cfar-" + site.id(), CfarDetector.class);
                cfar.configure(config.beta(), config.timeConstant(), config.warmup(), config.hold(), config.minStd());
                cfar.configurePadding(config.padNanos(), config.padNanos());
                return new Lowered(cfar, "out", List.of("in"));
            }, TimeRange.class, scores);
            MinimumDuration minimum = makeFilter("minimum-" + site.id(), MinimumDuration.class);
            minimum.configure(config.padNanos(), Math.round(config.minMillis() * 1e6));
            detections = through(detections, minimum, "in", "out", TimeRange.class);
            int maxSamples = (int) Math.min(Integer.MAX_VALUE, Math.round(sampleRates[k] * 10));
            Signal<SegTuple> cut = sync(detections, maxSamples, SyncPolicy.DROP_INCOMPLETE, c0, c1, c2, c3);
            MarmotDoa doa = makeFilter("doa-" + site.id(), MarmotDoa.class, 64 << 10, 4 << 20);
            doa.configure(k, site.micXs(), site.micYs(), config.lowHz(), config.highHz(), config.speedOfSound(),
                    config.padNanos(), config.doaSamples(), config.whitening(),
                    Math.round(config.doaLeadMillis() * 1e6));
            doa.configureWindow(Math.round(config.doaDecayMillis() * 1e6));
            into(cut, doa, "in");
            doas.add(doa);
            // The DOA and its forwarder are a static subgraph: fused, the stateless DOA split across cores.
            DoaForward forward = makeFilter("doa-out-" + site.id(), DoaForward.class);
            connect(doa, "out", forward, "in", CHANNEL);
            doas.add(forward);
            connect(forward, "out", joiner, CHANNEL);
            connect(source, "progress", joiner, CHANNEL);
        }
        // The one channel from the node part to the server part: a split run cuts the graph here.
        doaLog = makeFilter("doa-log", DoaLog.class, 4 << 20, 64 << 10);
        connect(joiner, doaLog, "in", CHANNEL);
        cluster = makeFilter("cluster", TemporalCluster.class, 1 << 20, 64 << 10);
        cluster.configure(nodes.size(), config.clusterWindowNanos(deployment),
                Math.round(config.clusterWaitMillis() * 1e6),
                config.minNodes());
        connect(doaLog, "out", cluster, "in", CHANNEL);
        GridFusion fusion = makeFilter("fusion", GridFusion.class, 1 << 20, 64 << 10);
        grid = config.gridFor(deployment);
        double[] xs = new double[nodes.size()];
        double[] ys = new double[nodes.size()];
        double[] hs = new double[nodes.size()];
        for (int k = 0; k < nodes.size(); k++) {
            xs[k] = nodes.get(k).x();
            ys[k] = nodes.get(k).y();
            hs[k] = nodes.get(k).headingDegrees();
        }
        fusion.configure(xs, ys, hs, grid.x0(), grid.y0(), grid.cell(), grid.nx(), grid.ny(), config.eps(),
                config.speedOfSound());
        connect(cluster, "out", fusion, "in", CHANNEL);
        locations = makeFilter("locations", LocationLog.class, 1 << 20, 64 << 10);
        connect(fusion, "out", locations, "in", CHANNEL);
        // The server's filters; every other one runs on each node (built whole, this changes nothing).
        runOnServer(doaLog, cluster, fusion, locations);
        if (doaOnServer) {
            // The paper's one-line move of the DOA (and the Joiner after it) to the server. The runtime carries
            // the sync's segment tuples across machines now, but this sample's DOA cannot serve them there yet
            // (README, "Nodes and a server in separate JVMs").
            if (deployment().site() != org.streamflex.Deployment.Site.WHOLE) {
                throw new IllegalStateException("the DOA on the server is not built: a MarmotDoa is configured with"
                        + " one node's microphones, and the server's part would have to serve every node's tuples"
                        + " (telling them apart by their timebase); and a detection's tuple, 4 channels of up to "
                        + config.doaSamples() + " samples, is more than the 64 KiB a segment crossing machines may"
                        + " carry. Keep the DOA on the nodes (the default), or run the whole graph in one JVM");
            }
            doas.add(joiner);
            runOnServer(doas.toArray(new Filter[0]));
        }
        validate();
    }

    /** The source of the {@code k}-th node part built: node {@code k}'s in a whole graph; a node's graph has one. */
    public ArraySource source(int k) {
        return sources.get(k);
    }

    /**
     * Node {@code k}'s score recorder.
     *
     * @throws IndexOutOfBoundsException if the graph was built without score recorders
     */
    public ScoreTap scores(int k) {
        return taps.get(k);
    }

    /** The server's log of detections. */
    public DoaLog doaLog() {
        return doaLog;
    }

    /** The clustering filter. */
    public TemporalCluster cluster() {
        return cluster;
    }

    /** The server's log of locations. */
    public LocationLog locations() {
        return locations;
    }

    /** The fusion grid in use. */
    public MarmotConfig.Grid grid() {
        return grid;
    }
}
