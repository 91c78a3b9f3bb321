package org.streamflex.bench.streamit;

import org.streamflex.Clock;
import org.streamflex.DuplicateSplitter;
import org.streamflex.Filter;
import org.streamflex.RoundRobinJoiner;
import org.streamflex.StreamFlexGraph;
import org.streamflex.bench.streamit.FilterBankFilters.Combine;
import org.streamflex.bench.streamit.FilterBankFilters.DelayedFir;
import org.streamflex.bench.streamit.FilterBankFilters.DownSamp;
import org.streamflex.bench.streamit.FilterBankFilters.Source;
import org.streamflex.bench.streamit.FilterBankFilters.UpSamp;

/**
 * StreamIt's FilterBankNew (its reference trace: jmh/README.md, StreamIt programs): source ->
 * duplicate to 8 banks (Delay -> Fir(H) -> DownSamp -> UpSamp -> Delay -> Fir(F), each Delay and
 * the Fir after it one {@link DelayedFir}) -> roundrobin join -> Combine(8) -> printer. Every
 * filter declares its rates: the program is one static subgraph, and one release of its clock is
 * one steady-state iteration (8 source values, 8 printed).
 */
public final class FilterBankGraph extends StreamFlexGraph {
    public static final int CHANNELS = 8;
    public static final int OUTPUTS_PER_ITERATION = 8;
    public final Clock clock;
    public final FloatPrinter printer;

    public FilterBankGraph() {
        clock = makeClock(0);
        Source source = makeFilter("source", Source.class);
        DuplicateSplitter split = makeFilter("split", DuplicateSplitter.class);
        RoundRobinJoiner join = makeFilter("join", RoundRobinJoiner.class);
        Combine combine = makeFilter("combine", Combine.class);
        printer = makeFilter("printer", FloatPrinter.class, 1 << 20, DEFAULT_TRANSIENT_BYTES);
        connect(clock, source, "timer");
        connect(source, split, 16);
        for (int j = 0; j < CHANNELS; j++) {
            Filter last = bank(split, j);
            connect(last, join, 16);
        }
        connect(join, combine, 128);
        connect(combine, printer, 16);
        validate();
    }

    private Filter bank(DuplicateSplitter split, int j) {
        DelayedFir h = makeFilter("H[" + j + "]", DelayedFir.class);
        h.coefficients(coefficients(j, true));
        DownSamp down = makeFilter("down[" + j + "]", DownSamp.class);
        UpSamp up = makeFilter("up[" + j + "]", UpSamp.class);
        DelayedFir f = makeFilter("F[" + j + "]", DelayedFir.class);
        f.coefficients(coefficients(j, false));
        connect(split, h, 16);
        connect(h, down, 16);
        connect(down, up, 8);
        connect(up, f, 16);
        return f;
    }

    /** {@code H[j][i] = i*32 + j*8 + j + i + j + 1}, {@code F[j][i] = i*j + j*j + j + i}. */
    static float[] coefficients(int j, boolean analysis) {
        float[] c = new float[DelayedFir.TAPS];
        for (int i = 0; i < c.length; i++) {
            c[i] = analysis ? i * 32 + j * 8 + j + i + j + 1 : i * j + j * j + j + i;
        }
        return c;
    }
}
