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
import org.streamflex.dsp.detect.CfarDetector;
import org.streamflex.dsp.join.SyncPolicy;
import org.streamflex.dsp.rewrite.Lowered;

/**
 * The marmot application as one graph: a node part per node and the server part, joined by one
 * channel of {@link DoaVector}s (the Joiner's output), where a two-JVM run will cut it.
 *
 * <p>Node part, per node: {@link ArraySource} (four channels) -> {@code rewindow(32)} of channel 1
 * -> {@code bandpass(32, lo, hi)} -> {@code fft(32)} (the bandpass's inverse FFT and this FFT
 * cancel when the graph is validated) -> {@code binScore} (the sum of magnitudes) ->
 * {@code CfarDetector} -> {@link MinimumDuration} -> {@code sync} of the four channels over each padded detection ->
 * {@link MarmotDoa}. Server part: {@link DoaLog} -> {@link TemporalCluster} -> {@link GridFusion}
 * -> {@link LocationLog}.
 *
 * <pre>{@code
 * MarmotGraph g = new MarmotGraph(config, deployment.nodes(), rates);
 * g.source(0).write(frames, 1024);
 * GraphDriver.of(g).step();
 * }</pre>
 */
public final class MarmotGraph extends SignalGraph {
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
        List<NodeSite> nodes = deployment.nodes();
        if (nodes.isEmpty() || nodes.size() > DoaCluster.MAX_NODES) {
            throw new IllegalArgumentException("the graph runs 1 to " + DoaCluster.MAX_NODES + " nodes, not "
                    + nodes.size());
        }
        setSignalCapacity(64);
        Joiner joiner = makeFilter(Joiner.class);
        for (int k = 0; k < nodes.size(); k++) {
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
            source.configure(k, Timebase.of("node-" + site.id(), sampleRates[k], 0), config.block(), 16);
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
            into(cut, doa, "in");
            connect(doa, "out", joiner, CHANNEL);
            connect(source, "progress", joiner, CHANNEL);
        }
        // The one channel from the node part to the server part: a two-JVM run cuts the graph here.
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
        validate();
    }

    /** Node {@code k}'s source. */
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
