package org.streamflex.samples.marmot;

import java.util.ArrayList;
import java.util.List;
import org.streamflex.Clock;
import org.streamflex.Joiner;
import org.streamflex.dsp.ComplexSeg;
import org.streamflex.dsp.FloatSeg;
import org.streamflex.dsp.SegTuple;
import org.streamflex.dsp.Signal;
import org.streamflex.dsp.SignalGraph;
import org.streamflex.dsp.TimeRange;
import org.streamflex.dsp.Timebase;
import org.streamflex.dsp.TimedValue;
import org.streamflex.dsp.join.SyncPolicy;

/**
 * The marmot application as one graph: a node part per node and the server part, joined by one
 * channel of {@link DoaVector}s (the Joiner's output), where a run split between node JVMs and a
 * server cuts it ({@link #forNode}, {@link #forServer}: the server part is marked
 * {@code runOnServer}).
 *
 * <p>Node part, per node: {@link ArraySource} (four channels) -> {@code rewindow(32)} of the first
 * (the source's {@code detect} port: its segments again, so the sync's {@code ch0} needs no splitter)
 * -> {@code bandpass(32, lo, hi)} -> {@code fft(32)} (the bandpass's inverse FFT and this FFT
 * cancel when the graph is validated) -> {@code binScore} (the sum of magnitudes) -> {@code cfar}
 * (without a score recorder the DSP library makes these one {@code BandCfar}) ->
 * {@link MinimumDuration} -> {@code sync} of the four channels over each padded detection ->
 * {@link MarmotDoa} -> {@link DoaForward} (the two fused, the DOA fissioned on more than one core).
 * Server part: {@link DoaLog} -> {@link TemporalCluster} -> {@link GridFusion} -> {@link LocationLog}.
 * With the DOA on the server ({@code doaOnServer}, the command's {@code --doa server}) each node part
 * ends at the sync: a {@link DoaFeed} puts every node part's tuples and marks in order on the one
 * channel that crosses, and one {@link MarmotDoa} on the server serves every node before the
 * {@link DoaLog}; a split run then needs the bound {@link #feedItemBytes} on a crossing value, on
 * both sides.
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
    /** The highest sample rate {@link #feedItemBytes} allows for: a node's detections at a higher one may not fit. */
    public static final double MAX_RATE_HZ = 192_000;
    private static final int CHANNEL = 256;
    /** The feed's channel: detections are seconds apart, and each link queue holds this many at the bound. */
    private static final int FEED_CHANNEL = 64;
    /** A node's marks its queue let go, waiting in the merge for the vectors before them (a release sends <= 256). */
    private static final int MARKS_CHANNEL = 1024;
    private final List<ArraySource> sources = new ArrayList<>();
    private final List<ScoreTap> taps = new ArrayList<>();
    private final List<MinimumDuration> minimums = new ArrayList<>();
    private final DoaLog doaLog;
    /** The pipelined DOAs' queues (one JVM), one per node part; none otherwise. */
    private final List<DoaQueue> queues = new ArrayList<>();
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
        this(config, deployment, every(deployment), sampleRates, scoreTaps, clockPeriodMicros, false, 0);
    }

    /**
     * The one-JVM graph, every node part and the server part, on free-running clocks under the
     * {@code GraphDriver}, with its direction-of-arrival stage placed as asked:
     * <ul>
     *   <li>{@code doaOnServer}: after the node parts' streams are merged, as a server runs it: each
     *       node part's tuples and marks go in order into one {@link DoaFeed}, and one {@link MarmotDoa}
     *       serves every node (the command's {@code --doa server});
     *   <li>else, {@code queue} above 0: pipelined behind the detectors: each node part's detections
     *       and marks wait in its {@link DoaQueue} until {@code queue} detections wait, then the
     *       detections go to the node's {@link MarmotDoa}, fused with a {@link DoaForward} and split
     *       across cores (fission), and a {@link DoaMerge} puts every node's vectors and marks in the
     *       order the unpipelined graph's Joiner gave them (the command's default);
     *   <li>else ({@code queue} 0): a DOA per node part, behind its sync, as a node JVM runs it.
     * </ul>
     * The DOA's batches are split from the first (the runtime's {@code streamflex.fission.minPartNanos}
     * is 0 while the graph is built, unless the JVM sets it: a DOA takes about a millisecond per
     * detection, and a run may have fewer batches than the runtime would time before it splits).
     *
     * <pre>{@code
     * MarmotGraph g = MarmotGraph.whole(config, deployment, rates, true, false, 8);
     * }</pre>
     */
    static MarmotGraph whole(MarmotConfig config, Deployment deployment, double[] sampleRates, boolean scoreTaps,
            boolean doaOnServer, int queue) {
        String key = "streamflex.fission.minPartNanos";
        boolean set = queue > 0 && !doaOnServer && System.getProperty(key) == null;
        if (set) {
            System.setProperty(key, "0");
        }
        try {
            return new MarmotGraph(config, deployment, every(deployment), sampleRates, scoreTaps, 0, doaOnServer,
                    doaOnServer ? 0 : queue);
        } finally {
            if (set) {
                System.clearProperty(key);
            }
        }
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
        return forNode(config, deployment, node, sampleRate, clockPeriodMicros, doaOnServer, false);
    }

    /**
     * {@link #forNode(MarmotConfig, Deployment, int, double, int, boolean)}, with the score recorder
     * and the detector's ranges kept if {@code scorePlot} (a node asked for its score plot): the band
     * score and the CFAR then run apart, as in the one-JVM run with plots.
     */
    static MarmotGraph forNode(MarmotConfig config, Deployment deployment, int node, double sampleRate,
            int clockPeriodMicros, boolean doaOnServer, boolean scorePlot) {
        double[] rates = new double[deployment.nodes().size()];
        rates[node] = sampleRate;
        return new MarmotGraph(config, deployment, new int[] {node}, rates, scorePlot, clockPeriodMicros, doaOnServer,
                0);
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

    /**
     * {@link #forServer(MarmotConfig, Deployment)}, with the DOA on the server if asked (its
     * deployment then bounds crossing values to {@link #feedItemBytes}, as the nodes' do).
     */
    static MarmotGraph forServer(MarmotConfig config, Deployment deployment, boolean doaOnServer) {
        double[] rates = new double[deployment.nodes().size()];
        rates[0] = Math.max(44_100, 4 * config.highHz());
        return new MarmotGraph(config, deployment, new int[] {0}, rates, false, 0, doaOnServer, 0);
    }

    /** The timebase of node {@code site}'s audio, which names it in every tuple it sends: {@code node-<id>}. */
    static String timebaseName(NodeSite site) {
        return "node-" + site.id();
    }

    /**
     * The most bytes one item of the feed's channel (the DOA on the server) encodes to, rounded up to
     * a KiB: four channels of what the DOA reads ({@link MarmotDoa#samplesRead}) at up to
     * {@link #MAX_RATE_HZ}, with their headers. A split run gives it to the runtime as the bound on a
     * crossing value ({@code Deployment.maxSharedItemBytes}), on the nodes and the server alike.
     *
     * @throws IllegalArgumentException if that is more than the runtime allows (16 MiB): fewer
     *     {@code --doa-samples}, or the DOA on the nodes
     */
    static int feedItemBytes(MarmotConfig config) {
        long samples = MarmotDoa.samplesRead(config.padNanos(), Math.round(config.doaLeadMillis() * 1e6),
                config.doaSamples(), MAX_RATE_HZ);
        // Per place: kind and length (5), the segment's header (12) and timebase (18 and its name, node- and an
        // id of at most 64: 69).
        long bytes = 10 + ArraySource.CHANNELS * (5 + 12 + 18 + 69 + Float.BYTES * samples);
        long rounded = Math.max(org.streamflex.Deployment.DEFAULT_MAX_SHARED_ITEM_BYTES, (bytes + 1023) / 1024 * 1024);
        if (rounded > org.streamflex.Deployment.MAX_SHARED_ITEM_BYTES) {
            throw new IllegalArgumentException("with the DOA on the server each detection sends " + samples
                    + " samples of 4 channels, " + bytes + " bytes, more than the "
                    + org.streamflex.Deployment.MAX_SHARED_ITEM_BYTES + " a value crossing machines may have: give"
                    + " fewer --doa-samples, or keep the DOA on the nodes");
        }
        return (int) rounded;
    }

    private static int[] every(Deployment deployment) {
        int[] all = new int[deployment.nodes().size()];
        for (int k = 0; k < all.length; k++) {
            all[k] = k;
        }
        return all;
    }

    private MarmotGraph(MarmotConfig config, Deployment deployment, int[] parts, double[] sampleRates,
            boolean scoreTaps, int clockPeriodMicros, boolean doaOnServer, int queue) {
        List<NodeSite> nodes = deployment.nodes();
        if (nodes.isEmpty() || nodes.size() > DoaCluster.MAX_NODES) {
            throw new IllegalArgumentException("the graph runs 1 to " + DoaCluster.MAX_NODES + " nodes, not "
                    + nodes.size());
        }
        setSignalCapacity(64);
        long fingerprint = deployment.fingerprint();
        long leadNanos = Math.round(config.doaLeadMillis() * 1e6);
        // DOA on the nodes: each node's DOA and its source's marks merge in the Joiner, whose one channel crosses.
        // DOA on the server: each node's tuples and marks go in order into the feed, whose one channel crosses to a
        // DOA serving every node (DoaFeed says why one channel).
        // Pipelined (one JVM): each node's tuples and marks wait in its queue, its DOA takes them several at a time,
        // and the merge puts every node's vectors and marks in the order the Joiner would have.
        boolean pipelined = !doaOnServer && queue > 0;
        Joiner joiner = doaOnServer || pipelined ? null : makeFilter(Joiner.class);
        DoaMerge merge = pipelined ? makeFilter("doa-merge", DoaMerge.class, 1 << 20, 64 << 10) : null;
        DoaFeed feed = doaOnServer ? makeFilter("doa-feed", DoaFeed.class, 64 << 10, 64 << 10) : null;
        MarmotDoa serverDoa = doaOnServer ? makeFilter("doa", MarmotDoa.class, 64 << 10, 4 << 20) : null;
        if (doaOnServer) {
            feed.configure(config.padNanos(), leadNanos, config.doaSamples());
            serveEvery(serverDoa, config, nodes, leadNanos);
            serverDoa.stamp(fingerprint);
        }
        for (int k : parts) {
            NodeSite site = nodes.get(k);
            if (site.mics() != ArraySource.CHANNELS) {
                throw new IllegalArgumentException("node " + site.id() + " has " + site.mics()
                        + " microphones; the sample reads 4-channel arrays");
            }
            config.checkBandAt(site.id(), sampleRates[k]);
            ArraySource source = makeFilter("source-" + site.id(), ArraySource.class, 1 << 20, 64 << 10);
            Timebase timebase = Timebase.of(timebaseName(site), sampleRates[k], 0);
            source.configure(k, timebase, config.block(), BLOCKS_PER_PROGRESS);
            source.stamp(fingerprint);
            // Free-running: under the driver each step releases every node's source once, in node order.
            // Periodic: a real-time thread releases it every block period, as a sound card would.
            Clock clock = makeClock(clockPeriodMicros);
            connect(clock, source, "timer");
            sources.add(source);
            Signal<FloatSeg> c0 = signal(source, "ch0", FloatSeg.class);
            Signal<FloatSeg> c1 = signal(source, "ch1", FloatSeg.class);
            Signal<FloatSeg> c2 = signal(source, "ch2", FloatSeg.class);
            Signal<FloatSeg> c3 = signal(source, "ch3", FloatSeg.class);

            // Channel 0 for the detector: the same segments as c0, on a channel of their own (no splitter).
            Signal<FloatSeg> detect = signal(source, "detect", FloatSeg.class);
            Signal<FloatSeg> band = bandpass(rewindow(detect, MarmotConfig.WINDOW, 0), MarmotConfig.WINDOW,
                    config.lowHz(), config.highHz());
            Signal<ComplexSeg> spectra = fft(band, MarmotConfig.WINDOW);
            Signal<TimedValue> scores = binScore(spectra, null);
            if (scoreTaps) {
                ScoreTap tap = makeFilter("scores-" + site.id(), ScoreTap.class, 1 << 20, 64 << 10);
                tap.configure(config.beta(), config.timeConstant(), config.warmup(), config.hold(),
                        config.minStd());
                into(scores, tap, "in");
                taps.add(tap);
            }
            // Without the score recorder, the library fuses the band score and the CFAR (CfarOfBandScore): each
            // window's score goes to the detector in the firing that computes it, not as a capsule on a channel.
            Signal<TimeRange> detections = cfar(scores, config.beta(), config.timeConstant(), config.warmup(),
                    config.hold(), config.minStd(), config.padNanos());
            MinimumDuration minimum = makeFilter("minimum-" + site.id(), MinimumDuration.class, 256 << 10, 16 << 10);
            minimum.configure(config.padNanos(), Math.round(config.minMillis() * 1e6));
            detections = through(detections, minimum, "in", "out", TimeRange.class);
            if (scoreTaps) {
                minimum.keepRanges();
            }
            minimums.add(minimum);
            int maxSamples = (int) Math.min(Integer.MAX_VALUE, Math.round(sampleRates[k] * 10));
            Signal<SegTuple> cut = sync(detections, maxSamples, SyncPolicy.DROP_INCOMPLETE, c0, c1, c2, c3);
            if (doaOnServer) {
                feed.part(timebase);
                into(cut, feed, "tuples");
                connect(source, "progress", feed, "progress", CHANNEL);
                continue;
            }
            MarmotDoa doa = makeFilter("doa-" + site.id(), MarmotDoa.class, 64 << 10, 4 << 20);
            doa.configure(k, site.micXs(), site.micYs(), config.lowHz(), config.highHz(), config.speedOfSound(),
                    config.padNanos(), config.doaSamples(), config.whitening(),
                    Math.round(config.doaLeadMillis() * 1e6));
            doa.configureWindow(Math.round(config.doaDecayMillis() * 1e6));
            doa.configureFrames(Math.round(config.doaFrameMillis() * 1e6), config.doaOnsetDb());
            doa.stamp(fingerprint);
            DoaQueue nodeQueue = null;
            if (pipelined) {
                // The node's detections and marks wait in its queue; its DOA, reached by the node's clock alone, takes
                // them several at a time (a filter several clocks reach is not fused, so one DOA for every node would
                // not be split across cores).
                nodeQueue = makeFilter("doa-queue-" + site.id(), DoaQueue.class, 64 << 10, 64 << 10);
                nodeQueue.configure(queue);
                into(cut, nodeQueue, "tuples");
                connect(source, "progress", nodeQueue, "progress", CHANNEL);
                connect(nodeQueue, "out", doa, "in", 2 * DoaQueue.MAX_BATCH);
                doa.answerEvery();
                queues.add(nodeQueue);
            } else {
                into(cut, doa, "in");
            }
            // The DOA and its forwarder are a static subgraph: fused, the stateless DOA split across cores.
            DoaForward forward = makeFilter("doa-out-" + site.id(), DoaForward.class);
            connect(doa, "out", forward, "in", CHANNEL);
            if (pipelined) {
                connect(nodeQueue, "arrivals", merge, "arrivals", CHANNEL);
                connect(forward, "out", merge, "vectors", CHANNEL);
                connect(nodeQueue, "marks", merge, "marks", MARKS_CHANNEL);
                continue;
            }
            connect(forward, "out", joiner, CHANNEL);
            connect(source, "progress", joiner, CHANNEL);
        }
        // The one channel from the node part to the server part: a split run cuts the graph here (at the feed's
        // channel when the DOA runs on the server).
        doaLog = makeFilter("doa-log", DoaLog.class, 4 << 20, 64 << 10);
        doaLog.expect(fingerprint);
        if (doaOnServer) {
            // 64 tuples: across machines each link's queue holds this many of the largest, twice over (32 MiB).
            connect(feed, "out", serverDoa, "in", FEED_CHANNEL);
            connect(serverDoa, "out", doaLog, "in", CHANNEL);
        } else if (pipelined) {
            connect(merge, "out", doaLog, "in", CHANNEL);
        } else {
            connect(joiner, doaLog, "in", CHANNEL);
        }
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
            // The paper's move of the DOA to the server: one DOA there serves every node's feed.
            runOnServer(serverDoa);
        }
        validate();
    }

    /** Makes {@code doa} serve every node of {@code nodes} with four microphones, told apart by their timebases. */
    private static void serveEvery(MarmotDoa doa, MarmotConfig config, List<NodeSite> nodes, long leadNanos) {
        NodeSite any = nodes.get(0);
        doa.configure(0, any.micXs(), any.micYs(), config.lowHz(), config.highHz(), config.speedOfSound(),
                config.padNanos(), config.doaSamples(), config.whitening(), leadNanos);
        doa.configureWindow(Math.round(config.doaDecayMillis() * 1e6));
        doa.configureFrames(Math.round(config.doaFrameMillis() * 1e6), config.doaOnsetDb());
        for (int k = 0; k < nodes.size(); k++) {
            NodeSite site = nodes.get(k);
            if (site.mics() == ArraySource.CHANNELS) {
                doa.serve(k, timebaseName(site), site.micXs(), site.micYs());
            }
        }
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

    /** The {@code k}-th node part's minimum-duration filter: the detector's last stage. */
    MinimumDuration detector(int k) {
        return minimums.get(k);
    }

    /** The detections the pipelined DOAs' queues have sent to their DOAs so far; 0 without queues. */
    long queuedDetectionsSent() {
        long n = 0;
        for (DoaQueue q : queues) {
            n += q.sent();
        }
        return n;
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
