package org.streamflex.dsp;

import org.streamflex.dsp.rewrite.Node;

/**
 * A stream of a {@link SignalGraph} before the graph is validated: what an operator of the graph
 * produces, to give to the next one. It names no filter yet; when the graph is validated, its
 * plan is rewritten and the filters and channels are made.
 *
 * <pre>{@code
 * Signal<FloatSeg> audio = signal(mic, "out", FloatSeg.class);
 * Signal<ComplexSeg> spectra = fft(rewindow(audio, 32, 0), 32);
 * }</pre>
 *
 * @param <T> what travels on it: a segment class, {@code SegTuple}, {@code TimedValue},
 *     {@code TimeRange}, or {@code Float} for a stream of single float samples
 */
public final class Signal<T> {
    private final Node node;
    private final Class<T> type;
    private final SignalGraph graph;

    Signal(Node node, Class<T> type, SignalGraph graph) {
        this.node = node;
        this.type = type;
        this.graph = graph;
    }

    /** What travels on it. */
    public Class<T> type() {
        return type;
    }

    Node node() {
        return node;
    }

    SignalGraph graph() {
        return graph;
    }

    /** The expression that makes it, as the rewrite log writes it. */
    @Override
    public String toString() {
        return node.expression();
    }
}
