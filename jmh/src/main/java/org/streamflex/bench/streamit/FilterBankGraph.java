package org.streamflex.bench.streamit;

import org.streamflex.DuplicateSplitter;
import org.streamflex.Filter;
import org.streamflex.RoundRobinJoiner;
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
 * a batch of steady-state iterations ({@link IterationBatch}; each iteration 8 source values, 8
 * printed).
 */
public final class FilterBankGraph extends BatchedProgram {
    public static final int CHANNELS = 8;
    public static final int OUTPUTS_PER_ITERATION = 8;
    /**
     * Iterations per release unless told otherwise: the fastest of 8, 16, 32 and 64 in
     * {@code StreamItMain}'s runs (jmh/README.md, "Batches of iterations").
     */
    public static final int BATCH = 32;
    public final FloatPrinter printer;

    /** The program with {@link #BATCH} iterations per release. */
    public FilterBankGraph() {
        this(BATCH);
    }

    /** The program with {@code batch} iterations per release and channels of {@link #LINK_BATCHES} batches. */
    public FilterBankGraph(int batch) {
        this(batch, LINK_BATCHES);
    }

    /**
     * The program with {@code batch} iterations per release and channels of {@code linkBatches}
     * batches' items each: see {@link BatchedProgram#BatchedProgram(int, int)}.
     */
    public FilterBankGraph(int batch, int linkBatches) {
        super(batch, linkBatches);
        Source source = makeFilter("source", Source.ofBatch(batch));
        DuplicateSplitter split = makeFilter("split", DuplicateSplitter.class);
        RoundRobinJoiner join = makeFilter("join", RoundRobinJoiner.class);
        Combine combine = makeFilter("combine", Combine.class);
        printer = makeFilter("printer", FloatPrinter.class, 1 << 20, DEFAULT_TRANSIENT_BYTES);
        connect(clock, source, "timer");
        connect(source, split, capacity(Source.PER_ITERATION));
        for (int j = 0; j < CHANNELS; j++) {
            Filter last = bank(split, j);
            connect(last, join, capacity(8));
        }
        connect(join, combine, capacity(8 * CHANNELS));
        connect(combine, printer, capacity(OUTPUTS_PER_ITERATION));
        validate();
    }

    private Filter bank(DuplicateSplitter split, int j) {
        DelayedFir h = makeFilter("H[" + j + "]", DelayedFir.ofBatch(batch));
        h.coefficients(coefficients(j, true));
        DownSamp down = makeFilter("down[" + j + "]", DownSamp.class);
        UpSamp up = makeFilter("up[" + j + "]", UpSamp.class);
        DelayedFir f = makeFilter("F[" + j + "]", DelayedFir.ofBatch(batch));
        f.coefficients(coefficients(j, false));
        connect(split, h, capacity(8));
        connect(h, down, capacity(8));
        connect(down, up, capacity(1));
        connect(up, f, capacity(8));
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
