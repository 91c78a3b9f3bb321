package org.streamflex.samples.marmot;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.streamflex.GraphCounters;
import org.streamflex.runtime.GraphDriver;

/**
 * Runs the one-JVM marmot graph over a deployment's recordings, as the paper's offline trace
 * processing: each node's source reads its own recording, a block per release, and the graph is
 * stepped under the {@link GraphDriver} (virtual time, no sleeping), until every node's end mark
 * has gone through. No Java thread feeds the sources: the run holds a few blocks of each
 * recording. A recording that cannot be opened leaves its node out; one that breaks off mid-way
 * ends its node there (reported once, naming the file, the node and the frame); the other nodes
 * carry on.
 *
 * <pre>{@code
 * MarmotRun.Result r = MarmotRun.run(MarmotConfig.defaults(), deployment,
 *         id -> SceneGenerator.recordingOf(dir, id), MarmotRun.Listener.NONE);
 * r.detections(); r.fixes(); r.problems();
 * }</pre>
 */
public final class MarmotRun {
    private MarmotRun() {
    }

    /** Hears results as they come, for streaming output. */
    public interface Listener {
        /** A listener that ignores everything. */
        Listener NONE = new Listener() {
        };

        /** A detection reached the server. */
        default void detection(Detection d) {
        }

        /** A call was located. */
        default void fix(Fix f) {
        }

        /** The nodes have been fed up to {@code seconds} of audio out of about {@code total}. */
        default void progress(double seconds, double total) {
        }

        /** A node's recording is unusable, or broke off; its node stops there. */
        default void problem(UnreadableInputException e) {
        }

        /** The run has ended: where its driver steps' time went. */
        default void timing(StepTiming t) {
        }
    }

    /**
     * Where a run's time went, step by step of the driver: the steps in which the pipelined DOA's
     * queue sent detections to the DOA (which ran them within the step, with the clustering and
     * fusion the marks sent with them set off) and the others (the sources, the detectors). With no
     * queue ({@code --doa server}, {@code --doa-queue 0}) every step is counted as another.
     *
     * @param steps the driver's steps
     * @param nanos their wall time
     * @param doaSteps the steps in which the queue sent detections to the DOA
     * @param doaNanos their wall time
     * @param sent the detections the queue sent
     */
    public record StepTiming(long steps, long nanos, long doaSteps, long doaNanos, long sent) {
        /**
         * The DOA's steps' time beyond what as many other steps took on average: the DOA stage's time
         * (with the clustering and fusion in those steps), nanoseconds.
         */
        public long doaStageNanos() {
            long others = steps - doaSteps;
            return others == 0 ? doaNanos : doaNanos - Math.round((double) (nanos - doaNanos) / others * doaSteps);
        }
    }

    /** One node's score trace, for the score plot. */
    @SuppressWarnings("ArrayRecordComponent") // a report, never compared
    public record ScoreTrace(double[] seconds, float[] scores, float[] thresholds) {
    }

    /** What {@code tap} recorded, once its graph has stopped. */
    static ScoreTrace trace(ScoreTap tap) {
        double[] t = new double[tap.points()];
        float[] s = new float[t.length];
        float[] th = new float[t.length];
        for (int i = 0; i < t.length; i++) {
            t[i] = tap.timeNanos(i) / 1e9;
            s[i] = tap.score(i);
            th[i] = tap.threshold(i);
        }
        return new ScoreTrace(t, s, th);
    }

    /**
     * What a run found.
     *
     * @param nodes the nodes that ran (indices of detections refer to this list)
     * @param detections every detection, in arrival order at the server
     * @param fixes every location
     * @param traces each node's score trace
     * @param problems the recordings that were unusable or broke off
     * @param grid the fusion grid
     * @param audioSeconds the longest recording's length read
     * @param sampleRates each node's sample rate, in the order of {@code nodes}
     * @param withoutOnset the detections the DOA dropped for want of an onset
     * @param changedSamples per node whose recording's samples had to be changed to be read (float
     *     samples clipped at full scale, not numbers read as 0), a line "node A: what and how many"
     */
    public record Result(Deployment nodes, List<Detection> detections, List<Fix> fixes, List<ScoreTrace> traces,
            List<UnreadableInputException> problems, MarmotConfig.Grid grid, double audioSeconds,
            List<Double> sampleRates, long withoutOnset, List<String> changedSamples) {
    }

    /**
     * The event a {@link MarmotDoa} raises for a detection it drops for want of an onset: no in-band
     * frequency rose {@code --doa-onset-db} above its floor in the lead before it.
     */
    static final String NO_ONSET_EVENT = "detection-without-onset";

    /** The detections every DOA of {@code counters}' graph dropped for want of an onset. */
    static long withoutOnset(GraphCounters counters) {
        String suffix = "." + NO_ONSET_EVENT;
        long n = 0;
        for (Map.Entry<String, Long> e : counters.snapshot().entrySet()) {
            if (e.getKey().endsWith(suffix)) {
                n += e.getValue();
            }
        }
        return n;
    }

    /**
     * Detections the pipelined DOA's queue gathers before they go out together (the command's
     * {@code --doa-queue}): 32, the most a release sends, 16 per core on 2 cores, 8 per core on 4.
     * Until 2026-11-27 it was 8. Why the larger batch: the one-JVM run is offline trace processing,
     * where a detection's answer a few batches later costs nothing but the lines coming later, while
     * each split batch pays a worker's start, which on a virtual machine is now and then a millisecond
     * or more late; the larger the batch, the less of it that is (on a quiet 2-vCPU machine, a
     * 3-node, 20-minute scene of 6,000 detections: the DOA stage on 2 cores 2.76 to 2.78 s at 32
     * against 2.95 to 3.12 s at 8; the DOA's backlog split 1.54x to 1.92x, 13 runs of 16 at 1.8x or
     * more, against 1.66x to 1.75x). On one core the command takes 3% to 7% longer at 32. The audio
     * the waiting detections hold is bounded by {@link DoaQueue#MAX_WAITING_FRAMES}.
     */
    public static final int DEFAULT_QUEUE = 32;

    /**
     * Runs the graph, the DOA pipelined behind the detectors ({@link #DEFAULT_QUEUE}).
     *
     * @param recordings the WAV file of each node id
     * @throws UnreadableInputException if no node's recording can be opened
     */
    public static Result run(MarmotConfig config, Deployment deployment, Function<String, Path> recordings,
            Listener listener) throws UnreadableInputException {
        return run(config, deployment, recordings, listener, false, DEFAULT_QUEUE);
    }

    /**
     * Runs the graph with its DOA placed as {@link MarmotGraph#whole} says.
     *
     * @param recordings the WAV file of each node id
     * @param doaOnServer the DOA after the node parts' streams are merged, as the server runs it
     * @param queue without {@code doaOnServer}: the detections the pipelined DOA's queue gathers
     *     before they go out together, 1 to {@link DoaQueue#MAX_BATCH}; 0: a DOA behind each node's sync
     * @throws UnreadableInputException if no node's recording can be opened
     */
    public static Result run(MarmotConfig config, Deployment deployment, Function<String, Path> recordings,
            Listener listener, boolean doaOnServer, int queue) throws UnreadableInputException {
        if (queue < 0 || queue > DoaQueue.MAX_BATCH) {
            throw new IllegalArgumentException("a DOA queue of " + queue + " detections; 0 to " + DoaQueue.MAX_BATCH);
        }
        List<NodeSite> usable = new ArrayList<>();
        List<ArrayRecording> open = new ArrayList<>();
        List<UnreadableInputException> problems = new ArrayList<>();
        double total = 0;
        for (NodeSite site : deployment.nodes()) {
            Path file = recordings.apply(site.id());
            try {
                ArrayRecording r = ArrayRecording.open(file, site.mics());
                usable.add(site);
                open.add(r);
                if (r.declaredFrames() > 0) {
                    total = Math.max(total, r.declaredFrames() / r.sampleRate());
                }
            } catch (BadRecordingException e) {
                problems.add(e);
                listener.problem(e);
            }
        }
        if (usable.isEmpty()) {
            throw new UnreadableInputException(problems.isEmpty() ? null : problems.get(0).file(),
                    "no node's recording could be read: " + problems.size() + " problems, the first: "
                    + (problems.isEmpty() ? "no nodes" : problems.get(0).getMessage()));
        }
        Deployment nodes = new Deployment(usable);
        double[] rates = new double[usable.size()];
        for (int k = 0; k < rates.length; k++) {
            rates[k] = open.get(k).sampleRate();
        }
        MarmotGraph graph = MarmotGraph.whole(config, nodes, rates, true, doaOnServer, queue);
        GraphDriver driver = GraphDriver.of(graph);
        List<Detection> detections = new ArrayList<>();
        List<Fix> fixes = new ArrayList<>();
        for (int k = 0; k < usable.size(); k++) {
            open.get(k).attach(graph.source(k));
        }
        boolean[] told = new boolean[usable.size()];
        double fed = 0;
        double reported = 0;
        long steps = 0;
        long stepNanos = 0;
        long doaSteps = 0;
        long doaNanos = 0;
        try {
            while (!allEnded(graph, usable.size())) {
                long sent = graph.queuedDetectionsSent();
                long start = System.nanoTime();
                driver.step();
                long took = System.nanoTime() - start;
                steps++;
                stepNanos += took;
                if (graph.queuedDetectionsSent() != sent) {
                    doaSteps++;
                    doaNanos += took;
                }
                collect(graph, nodes, detections, fixes, listener);
                for (int k = 0; k < usable.size(); k++) {
                    ArrayRecording r = open.get(k);
                    fed = Math.max(fed, r.framesRead() / r.sampleRate());
                    BadRecordingException broke = told[k] ? null : r.problem(usable.get(k).id());
                    if (broke != null) {
                        told[k] = true;
                        problems.add(broke);
                        listener.problem(broke);
                    }
                }
                if (fed - reported >= 10) {
                    reported = fed;
                    listener.progress(fed, total);
                }
            }
            long sent = graph.queuedDetectionsSent();
            long start = System.nanoTime();
            driver.step();
            long took = System.nanoTime() - start;
            steps++;
            stepNanos += took;
            if (graph.queuedDetectionsSent() != sent) {
                doaSteps++;
                doaNanos += took;
            }
            collect(graph, nodes, detections, fixes, listener);
        } finally {
            for (ArrayRecording r : open) {
                r.close();
            }
        }
        listener.timing(new StepTiming(steps, stepNanos, doaSteps, doaNanos, graph.queuedDetectionsSent()));
        List<ScoreTrace> traces = new ArrayList<>();
        for (int k = 0; k < usable.size(); k++) {
            traces.add(trace(graph.scores(k)));
        }
        List<Double> rateList = new ArrayList<>();
        for (double rate : rates) {
            rateList.add(rate);
        }
        List<String> changed = new ArrayList<>();
        for (int k = 0; k < usable.size(); k++) {
            String what = open.get(k).losses();
            if (what != null) {
                changed.add("node " + usable.get(k).id() + ": " + what);
            }
        }
        return new Result(nodes, detections, fixes, traces, problems, graph.grid(), fed, rateList,
                withoutOnset(graph.counters()), changed);
    }

    private static boolean allEnded(MarmotGraph graph, int nodes) {
        for (int k = 0; k < nodes; k++) {
            if (!graph.source(k).ended()) {
                return false;
            }
        }
        return true;
    }

    /**
     * While the graph runs: hands {@code listener} what the logs have kept since the last call, as
     * their kept events' counters publish it.
     */
    static void collectSoFar(MarmotGraph graph, Deployment nodes, List<Detection> detections, List<Fix> fixes,
            Listener listener) {
        GraphCounters counters = graph.counters();
        collect(graph, nodes, detections, fixes, listener,
                (int) counters.value("filter.doa-log.event." + DoaLog.KEPT_EVENT),
                (int) counters.value("filter.locations.event." + LocationLog.KEPT_EVENT));
    }

    /** After the graph has stopped: hands {@code listener} everything the logs kept and it has not had. */
    static void collect(MarmotGraph graph, Deployment nodes, List<Detection> detections, List<Fix> fixes,
            Listener listener) {
        collect(graph, nodes, detections, fixes, listener, graph.doaLog().count(), graph.locations().count());
    }

    /**
     * Hands the detections and locations past those already in {@code detections} and {@code fixes}
     * to {@code listener}, up to {@code detectionsKept} and {@code fixesKept}. While the graph runs,
     * another thread passes the counts of {@link DoaLog#KEPT_EVENT} and {@link LocationLog#KEPT_EVENT}
     * ({@link #collectSoFar}): the logs' entries below those counts are published to it.
     */
    static void collect(MarmotGraph graph, Deployment nodes, List<Detection> detections, List<Fix> fixes,
            Listener listener, int detectionsKept, int fixesKept) {
        DoaLog log = graph.doaLog();
        while (detections.size() < detectionsKept) {
            int i = detections.size();
            int[] levels = new int[DoaVector.AZIMUTHS];
            for (int a = 0; a < levels.length; a++) {
                levels[a] = log.level(i, a);
            }
            Detection d = new Detection(i, log.node(i), nodes.nodes().get(log.node(i)).id(), log.onsetNanos(i) / 1e9,
                    log.startNanos(i) / 1e9, log.endNanos(i) / 1e9, log.azimuth(i), levels);
            detections.add(d);
            listener.detection(d);
        }
        LocationLog locations = graph.locations();
        while (fixes.size() < fixesKept) {
            int i = fixes.size();
            int[] seqs = new int[locations.nodes(i)];
            for (int m = 0; m < seqs.length; m++) {
                seqs[m] = locations.seq(i, m);
            }
            Fix f = new Fix(i, locations.emittedNanos(i) / 1e9, locations.x(i), locations.y(i),
                    locations.logLikelihood(i), seqs);
            fixes.add(f);
            listener.fix(f);
        }
    }
}
