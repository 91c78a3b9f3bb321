package org.streamflex.dsp;

import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.streamflex.DuplicateSplitter;
import org.streamflex.Filter;
import org.streamflex.Joiner;
import org.streamflex.StreamFlexError;
import org.streamflex.StreamFlexGraph;
import org.streamflex.StreamFlexProperties;
import org.streamflex.dsp.detect.BandCfar;
import org.streamflex.dsp.detect.Cfar;
import org.streamflex.dsp.detect.CfarDetector;
import org.streamflex.dsp.fir.Fir;
import org.streamflex.dsp.join.Sync;
import org.streamflex.dsp.join.SyncPolicy;
import org.streamflex.dsp.join.TaggedMerge;
import org.streamflex.dsp.join.Zip;
import org.streamflex.dsp.rewrite.FftOfIfft;
import org.streamflex.dsp.rewrite.Lowered;
import org.streamflex.dsp.rewrite.Lowering;
import org.streamflex.dsp.rewrite.Node;
import org.streamflex.dsp.rewrite.Op;
import org.streamflex.dsp.rewrite.Plan;
import org.streamflex.dsp.rewrite.Rewrite;
import org.streamflex.dsp.rewrite.Rewriter;
import org.streamflex.dsp.spectrum.BandMask;
import org.streamflex.dsp.spectrum.BandScore;
import org.streamflex.dsp.spectrum.BinScore;
import org.streamflex.dsp.spectrum.Fft;
import org.streamflex.dsp.spectrum.Ifft;
import org.streamflex.dsp.window.FloatDewindow;
import org.streamflex.dsp.window.FloatMarkedWindow;
import org.streamflex.dsp.window.FloatMarkingDewindow;
import org.streamflex.dsp.window.FloatWindow;
import org.streamflex.dsp.window.GapPolicy;
import org.streamflex.dsp.window.Rewindow;

/**
 * A graph written with the DSP library's operators as expressions, WaveScript's way: each call
 * names an operator over the signals it reads and returns the signal it makes; nothing is built
 * until {@link #validate()}, which first rewrites the chains of library operators by WaveScript's
 * algebraic rules (section 5.2: window laws, nested rewindows, map over merge, fft/ifft
 * cancellation) where their side conditions hold, then fuses chains of library operators it knows
 * (a {@code binScore} of the masked spectra of a {@code rewindow} becomes one block-at-a-time
 * {@code BandScore}), logs each rewrite, and then makes the filters and channels. Filters of your
 * own take part as sources, sinks, or steps in between.
 *
 * <pre>{@code
 * public final class Detector extends SignalGraph {
 *     public Detector() {
 *         Microphone mic = makeFilter(Microphone.class);            // puts FloatSegs on "out"
 *         connect(makeClock(0), mic);
 *         Signal<FloatSeg> audio = signal(mic, "out", FloatSeg.class);
 *         Signal<FloatSeg> band = bandpass(rewindow(audio, 32, 0), 32, 2_500, 12_000);
 *         Signal<ComplexSeg> spectra = fft(band, 32);               // fft after bandpass's ifft: cancelled
 *         Alarm alarm = makeFilter(Alarm.class);
 *         into(binScore(spectra, null), alarm, "in");
 *         validate();                                               // rewrites, logs, builds
 *     }
 * }
 * }</pre>
 *
 * <p>Rewriting is on unless {@code -Dstreamflex.dsp.rewrites=false} or {@link #setRewrites(boolean)}
 * says otherwise; {@link #rewrites()} lists what was rewritten. Rewritten graphs compute the same
 * output: exactly for the window laws and map over merge, to floating-point rounding for fft/ifft
 * cancellation (the module README, "Rewrites").
 */
public abstract class SignalGraph extends StreamFlexGraph {
    private static final System.Logger LOG = System.getLogger("org.streamflex.dsp");

    private final Plan plan = new Plan();
    /** Where each end of the plan goes: a user's filter and field, in the order of {@link Plan#ends()}. */
    private final List<Filter> endFilters = new ArrayList<>();
    private final List<String> endFields = new ArrayList<>();
    private final Map<String, Integer> names = new HashMap<>();
    private Boolean rewritesOn;
    private int capacity = 16;
    private List<Rewrite> rewrites = List.of();
    private boolean built;

    protected SignalGraph() {
    }

    // ------------------------------------------------------------------ sources and sinks

    /** The segments a filter of yours puts on its field {@code field} (a {@code SharedChannel<S>}). */
    protected final <S extends Seg> Signal<S> signal(Filter producer, String field, Class<S> type) {
        return signal(plan.node(new Op.Source(producer, field, type)), type);
    }

    /**
     * The float samples a filter of yours puts one by one on {@code field} (a {@code FloatChannel}):
     * sample number {@code firstSample} and the ones after it, on {@code timebase}, without gaps.
     */
    protected final Signal<Float> scalars(Filter producer, String field, Timebase timebase, long firstSample) {
        return signal(plan.node(new Op.ScalarSource(producer, field, timebase, firstSample)), Float.class);
    }

    /** Ends {@code signal} in a filter of yours: its channel field {@code field} takes it. */
    protected final void into(Signal<?> signal, Filter consumer, String field) {
        own(signal);
        plan.end(signal.node());
        endFilters.add(consumer);
        endFields.add(field);
    }

    /**
     * A filter of yours as a step: it takes {@code in} on {@code inField} and gives a signal of
     * {@code type} on {@code outField}. Rules never look through it.
     */
    protected final <T> Signal<T> through(Signal<?> in, Filter filter, String inField, String outField,
            Class<T> type) {
        Lowering lowering = maker -> new Lowered(filter, outField, List.of(inField));
        return opaque(filter.getClass().getSimpleName(), lowering, type, in);
    }

    /** An operator of any class as a step, made when the graph is validated: {@code lowering} makes it. */
    protected final <T> Signal<T> operator(String name, Lowering lowering, Class<T> type, Signal<?>... inputs) {
        return opaque(name, lowering, type, inputs);
    }

    // ------------------------------------------------------------------ windows

    /**
     * {@code rewindow(size, overlap, s)}: windows of {@code size} samples, each starting {@code size -
     * overlap} after the one before, cut short at gaps (no sample lost).
     */
    protected final <S extends Seg> Signal<S> rewindow(Signal<S> s, int size, int overlap) {
        return rewindow(s, size, overlap, GapPolicy.EMIT_SHORT);
    }

    /** {@code rewindow} with a policy for the windows a gap cuts short. */
    protected final <S extends Seg> Signal<S> rewindow(Signal<S> s, int size, int overlap, GapPolicy gaps) {
        if (size < 1 || overlap < 0 || overlap >= size) {
            throw new IllegalArgumentException("rewindow(" + size + ", " + overlap + "): size must be at least 1 and"
                    + " the overlap from 0 to size - 1");
        }
        return signal(plan.node(new Op.Rewindow(size, overlap, gaps == GapPolicy.EMIT_SHORT), own(s).node()),
                s.type());
    }

    /** {@code window(n, s)}: float samples into segments of {@code n}. */
    protected final Signal<FloatSeg> window(Signal<Float> scalars, int n) {
        if (n < 1) {
            throw new IllegalArgumentException("window(" + n + "): a window holds at least one sample");
        }
        return signal(plan.node(new Op.Window(n), own(scalars).node()), FloatSeg.class);
    }

    /** {@code dewindow(s)}: segments into their samples, one by one, keeping their timing for a later window. */
    protected final Signal<Float> dewindow(Signal<FloatSeg> s) {
        return signal(plan.node(new Op.Dewindow(), own(s).node()), Float.class);
    }

    // ------------------------------------------------------------------ joins

    /** {@code merge(x, y, ...)}: every item of every input, in the order they arrive (the built-in Joiner). */
    @SafeVarargs
    protected final <T> Signal<T> merge(Signal<T>... inputs) {
        if (inputs.length < 2) {
            throw new IllegalArgumentException("merge needs two signals or more, got " + inputs.length);
        }
        return signal(plan.node(new Op.Merge(), nodes(inputs)), inputs[0].type());
    }

    /** WaveScript's {@code mergeTag}: every segment of every input, tagged with the input's position. */
    protected final Signal<Tagged> mergeTagged(Signal<?>... inputs) {
        return opaque("mergeTagged", maker -> new Lowered(maker.make("mergeTagged", TaggedMerge.class), "out",
                repeat("in", inputs.length)), Tagged.class, inputs);
    }

    /** {@code zip(x, y, ...)}: one segment of each input at a time, as a tuple, in the order they arrive. */
    protected final Signal<SegTuple> zip(Signal<?>... inputs) {
        return opaque("zip", maker -> new Lowered(maker.make("zip", Zip.class), "out", repeat("in", inputs.length)),
                SegTuple.class, inputs);
    }

    /**
     * XStream's {@code sync}, WaveScript's {@code syncSelect}: for each range on {@code control}, one
     * tuple of each input's samples in that time range.
     *
     * @param maxSamples the most samples each input buffers while it waits for ranges
     */
    protected final Signal<SegTuple> sync(Signal<TimeRange> control, int maxSamples, SyncPolicy policy,
            Signal<?>... inputs) {
        Signal<?>[] all = new Signal<?>[inputs.length + 1];
        all[0] = control;
        System.arraycopy(inputs, 0, all, 1, inputs.length);
        List<String> fields = new ArrayList<>();
        fields.add("control");
        fields.addAll(repeat("in", inputs.length));
        return opaque("sync", maker -> {
            Sync sync = maker.make("sync", Sync.class);
            sync.configure(maxSamples, policy);
            return new Lowered(sync, "out", fields);
        }, SegTuple.class, all);
    }

    // ------------------------------------------------------------------ per-sample functions

    /** {@code map(f, s)}: a map class of yours applied to every sample. */
    protected final Signal<FloatSeg> map(Signal<FloatSeg> s, Class<? extends Filter> function) {
        return signal(plan.node(new Op.Map(function), own(s).node()), FloatSeg.class);
    }

    // ------------------------------------------------------------------ spectra

    /** {@code fft(n, s)}: each window of up to {@code n} samples to its {@code n/2 + 1} bins. */
    protected final Signal<ComplexSeg> fft(Signal<FloatSeg> s, int n) {
        return signal(plan.node(new Op.Fft(n), own(s).node()), ComplexSeg.class);
    }

    /**
     * {@code ifft(S)}: each spectrum back to the window it describes, of the FFT size the plan shows
     * (an {@code fft(n)} upstream, through masks).
     */
    protected final Signal<FloatSeg> ifft(Signal<ComplexSeg> s) {
        return ifft(s, 0);
    }

    /** {@code ifft(S)} of spectra of {@code n}-point FFTs, for spectra whose size the plan cannot show. */
    protected final Signal<FloatSeg> ifft(Signal<ComplexSeg> s, int n) {
        return signal(plan.node(new Op.Ifft(n), own(s).node()), FloatSeg.class);
    }

    /** The bins of each spectrum between {@code lowHz} and {@code highHz}, the others zeroed. */
    protected final Signal<ComplexSeg> bandMask(Signal<ComplexSeg> s, double lowHz, double highHz) {
        return signal(plan.node(new Op.BandMask(lowHz, highHz), own(s).node()), ComplexSeg.class);
    }

    /**
     * WaveScript's {@code bandpass(n, lo, hi, s)} in the frequency domain: {@code ifft(mask(fft(n, s)))},
     * so that an fft after it cancels the ifft.
     */
    protected final Signal<FloatSeg> bandpass(Signal<FloatSeg> s, int n, double lowHz, double highHz) {
        return ifft(bandMask(fft(s, n), lowHz, highHz));
    }

    /** A lowpass in the frequency domain: {@code bandpass(s, n, 0, cutoffHz)}. */
    protected final Signal<FloatSeg> lowpass(Signal<FloatSeg> s, int n, double cutoffHz) {
        return bandpass(s, n, 0, cutoffHz);
    }

    /**
     * The detection score of each spectrum: the weighted sum of its bins' magnitudes ({@code null}
     * weights: all 1, the marmot detector's sum of magnitudes), with the time of its window.
     */
    protected final Signal<TimedValue> binScore(Signal<ComplexSeg> spectra, float[] weights) {
        float[] kept = weights == null ? null : weights.clone();
        Lowering lowering = maker -> {
            BinScore score = maker.make("score", BinScore.class);
            if (kept == null) {
                score.configure();
            } else {
                score.configure(kept);
            }
            return new Lowered(score, "out", List.of("in"));
        };
        return signal(plan.node(new Op.BinScore(kept == null, lowering), own(spectra).node()), TimedValue.class);
    }

    /**
     * CFAR detection over scores: a range (padded by {@code paddingNanos} each side) for each run of
     * scores more than {@code beta} standard deviations above the noise estimate, and release ranges
     * for a sync in between (see {@code CfarDetector} for the estimator and its defaults); no floor
     * on the standard deviation.
     */
    protected final Signal<TimeRange> cfar(Signal<TimedValue> scores, double beta, int timeConstant, int warmup,
            int hold, long paddingNanos) {
        return cfar(scores, beta, timeConstant, warmup, hold, 0, paddingNanos);
    }

    /**
     * {@link #cfar(Signal, double, int, int, int, long)} with {@code minStd}, the floor of the
     * standard deviation in the threshold (the score's unit). Over a {@code bandScore} that nothing
     * else reads the two become one operator when the graph is validated ({@code CfarOfBandScore}).
     */
    protected final Signal<TimeRange> cfar(Signal<TimedValue> scores, double beta, int timeConstant, int warmup,
            int hold, double minStd, long paddingNanos) {
        new Cfar(beta, timeConstant, warmup, hold, minStd); // its checks, at once
        if (paddingNanos < 0) {
            throw new IllegalArgumentException("cfar: padding " + paddingNanos + " ns must be at least 0");
        }
        Op.Cfar op = new Op.Cfar(beta, timeConstant, warmup, hold, minStd, paddingNanos, paddingNanos,
                CfarDetector.DEFAULT_RELEASE_EVERY);
        return signal(plan.node(op, own(scores).node()), TimeRange.class);
    }

    /** An FIR filter with these taps over each run of samples (direct form, or overlap-save for long filters). */
    protected final Signal<FloatSeg> fir(Signal<FloatSeg> s, float[] taps) {
        float[] kept = taps.clone();
        return opaque("fir", maker -> {
            Fir fir = maker.make("fir", Fir.class);
            fir.configure(kept);
            return new Lowered(fir, "out", List.of("in"));
        }, FloatSeg.class, s);
    }

    // ------------------------------------------------------------------ settings and results

    /** Rewrites on or off for this graph, over {@code streamflex.dsp.rewrites}; before {@link #validate()}. */
    protected final void setRewrites(boolean on) {
        rewritesOn = on;
    }

    /** The capacity of the channels the graph makes between operators (16 unless set); before {@link #validate()}. */
    protected final void setSignalCapacity(int items) {
        capacity = items;
    }

    /** What {@link #validate()} rewrote, in order; empty before it, or with rewrites off. */
    public final List<Rewrite> rewrites() {
        return rewrites;
    }

    /** The plan as it stands: the expressions that feed your filters, after rewriting once validated. */
    public final List<String> expressions() {
        return plan.ends().stream().map(Node::expression).toList();
    }

    /**
     * Rewrites the plan (unless rewrites are off), makes its filters and channels, then validates the
     * whole graph as {@link StreamFlexGraph#validate()} does.
     */
    @Override
    protected void validate() throws StreamFlexError {
        if (!built) {
            built = true;
            boolean on = rewritesOn != null ? rewritesOn : StreamFlexProperties.DSP_REWRITES.get();
            if (on) {
                List<Rewrite> done = new ArrayList<>(new Rewriter(Rewriter.WAVESCRIPT).rewrite(plan));
                done.addAll(new Rewriter(Rewriter.FUSIONS).rewrite(plan));
                rewrites = List.copyOf(done);
                for (Rewrite r : rewrites) {
                    LOG.log(Level.INFO, "StreamFlex " + getClass().getSimpleName() + ": rewrote " + r);
                }
            }
            lower();
        }
        super.validate();
    }

    // ------------------------------------------------------------------ lowering

    private void lower() {
        List<Node> nodes = plan.nodes();
        Map<Node, Integer> uses = plan.uses();
        Map<Node, Lowered> lowered = new HashMap<>();
        Map<Node, Filter> splitters = new HashMap<>();
        for (int i = nodes.size() - 1; i >= 0; i--) { // sources first: a node's inputs are made before it
            Node node = nodes.get(i);
            lowered.put(node, lowerOne(node, nodes));
        }
        for (Node node : nodes) {
            Lowered to = lowered.get(node);
            for (int i = 0; i < node.inputs().size(); i++) {
                link(node.inputs().get(i), to.inputFilter(), to.inputs().get(i), lowered, uses, splitters);
            }
            if (node.op() instanceof Op.Window && node.input().op() instanceof Op.Dewindow) {
                connect(lowered.get(node.input()).filter(), "marks", to.filter(), "marks", capacity);
            }
        }
        List<Node> ends = plan.ends();
        for (int i = 0; i < ends.size(); i++) {
            link(ends.get(i), endFilters.get(i), endFields.get(i), lowered, uses, splitters);
        }
    }

    /** Connects {@code from}'s output to a field, through a splitter when the output has several uses. */
    private void link(Node from, Filter to, String field, Map<Node, Lowered> lowered, Map<Node, Integer> uses,
            Map<Node, Filter> splitters) {
        Lowered producer = lowered.get(from);
        if (uses.getOrDefault(from, 0) <= 1) {
            connect(producer.filter(), producer.output(), to, field, capacity);
            return;
        }
        Filter splitter = splitters.get(from);
        if (splitter == null) {
            splitter = makeFilter(name("split"), DuplicateSplitter.class);
            connect(producer.filter(), producer.output(), splitter, capacity);
            splitters.put(from, splitter);
        }
        connect(splitter, to, field, capacity);
    }

    private Lowered lowerOne(Node node, List<Node> nodes) {
        return switch (node.op()) {
            case Op.Source s -> new Lowered(s.filter(), s.field(), List.of());
            case Op.ScalarSource s -> new Lowered(s.filter(), s.field(), List.of());
            case Op.Opaque o -> o.make().lower(this::makeNamed);
            case Op.Rewindow r -> {
                @SuppressWarnings("unchecked")
                Rewindow<Seg> f = makeNamed("rewindow", Rewindow.class);
                f.configure(r.size(), r.overlap());
                f.onGap(r.emitShort() ? GapPolicy.EMIT_SHORT : GapPolicy.DROP_SHORT);
                yield new Lowered(f, "out", List.of("in"));
            }
            case Op.Window w -> lowerWindow(node, w);
            case Op.Dewindow d -> usedByWindow(node, nodes)
                    ? new Lowered(makeNamed("dewindow", FloatMarkingDewindow.class), "out", List.of("in"))
                    : new Lowered(makeNamed("dewindow", FloatDewindow.class), "out", List.of("in"));
            case Op.Merge m -> new Lowered(makeNamed("merge", Joiner.class), "out",
                    repeat("in", node.inputs().size()));
            case Op.Map m -> new Lowered(makeNamed(m.function().getSimpleName(), m.function()), "out", List.of("in"));
            case Op.Fft f -> {
                Fft fft = makeNamed("fft", Fft.class);
                fft.configure(f.n());
                yield new Lowered(fft, "out", List.of("in"));
            }
            case Op.Ifft i -> {
                int n = i.n() > 0 ? i.n() : FftOfIfft.fftSizeOf(node.input());
                if (n < 1) {
                    throw new StreamFlexError("ifft over " + node.input().expression() + " cannot tell the FFT size of"
                            + " its spectra: give it, as in ifft(spectra, 32)");
                }
                Ifft ifft = makeNamed("ifft", Ifft.class);
                ifft.configure(n);
                yield new Lowered(ifft, "out", List.of("in"));
            }
            case Op.BinScore b -> b.make().lower(this::makeNamed);
            case Op.BandScore b -> {
                BandScore score = makeNamed("bandScore", BandScore.class);
                score.configure(b.n(), b.overlap(), b.lowHz(), b.highHz(),
                        b.emitShort() ? GapPolicy.EMIT_SHORT : GapPolicy.DROP_SHORT);
                yield new Lowered(score, "out", List.of("in"));
            }
            case Op.Cfar c -> {
                CfarDetector cfar = makeNamed("cfar", CfarDetector.class);
                cfar.configure(c.settings());
                yield new Lowered(cfar, "out", List.of("in"));
            }
            case Op.BandCfar b -> {
                BandCfar detector = makeNamed("bandCfar", BandCfar.class);
                Op.BandScore w = b.score();
                detector.configureWindows(w.n(), w.overlap(), w.lowHz(), w.highHz(),
                        w.emitShort() ? GapPolicy.EMIT_SHORT : GapPolicy.DROP_SHORT);
                detector.configure(b.cfar().settings());
                yield new Lowered(detector, "out", List.of("in"));
            }
            case Op.BandMask b -> {
                BandMask mask = makeNamed("mask", BandMask.class);
                mask.configure(b.lowHz(), b.highHz());
                yield new Lowered(mask, "out", List.of("in"));
            }
        };
    }

    private Lowered lowerWindow(Node node, Op.Window w) {
        Node input = node.input();
        if (input.op() instanceof Op.Dewindow) {
            FloatMarkedWindow window = makeNamed("window", FloatMarkedWindow.class);
            window.configure(w.n());
            return new Lowered(window, "out", List.of("in"));
        }
        if (input.op() instanceof Op.ScalarSource source) {
            FloatWindow window = makeNamed("window", FloatWindow.class);
            window.configure(w.n(), source.timebase(), source.firstSample());
            return new Lowered(window, "out", List.of("in"));
        }
        throw new StreamFlexError("window(" + w.n() + ") over " + input.expression() + " cannot tell when its"
                + " samples were taken: window scalars(filter, field, timebase, firstSample) or a dewindow's output");
    }

    private static boolean usedByWindow(Node dewindow, List<Node> nodes) {
        for (Node n : nodes) {
            if (n.op() instanceof Op.Window && n.inputs().contains(dewindow)) {
                return true;
            }
        }
        return false;
    }

    private <F extends Filter> F makeNamed(String base, Class<F> type) {
        return makeFilter(name(base), type);
    }

    /** {@code base}, then {@code base#2}, {@code base#3}... for the filters the graph makes. */
    private String name(String base) {
        int n = names.merge(base, 1, Integer::sum);
        return n == 1 ? base : base + "#" + n;
    }

    // ------------------------------------------------------------------ helpers

    private <T> Signal<T> signal(Node node, Class<T> type) {
        return new Signal<>(node, type, this);
    }

    private <T> Signal<T> opaque(String name, Lowering lowering, Class<T> type, Signal<?>... inputs) {
        return signal(plan.node(new Op.Opaque(name, lowering), nodes(inputs)), type);
    }

    private List<Node> nodes(Signal<?>... signals) {
        List<Node> nodes = new ArrayList<>(signals.length);
        for (Signal<?> s : signals) {
            nodes.add(own(s).node());
        }
        return nodes;
    }

    @SuppressWarnings("ReferenceEquality") // the same graph, not an equal one
    private <S extends Signal<?>> S own(S signal) {
        if (signal.graph() != this) {
            throw new StreamFlexError("signal " + signal + " belongs to another graph: use signals of this graph only");
        }
        if (built) {
            throw new StreamFlexError("the graph was validated: add operators before validate()");
        }
        return signal;
    }

    private static List<String> repeat(String field, int times) {
        List<String> fields = new ArrayList<>(times);
        for (int i = 0; i < times; i++) {
            fields.add(field);
        }
        return fields;
    }
}
