package org.streamflex.bench.streamit;

import org.streamflex.DuplicateSplitter;
import org.streamflex.RoundRobinJoiner;
import org.streamflex.bench.streamit.BeamFormerFilters.BeamFir;
import org.streamflex.bench.streamit.BeamFormerFilters.BeamForm;
import org.streamflex.bench.streamit.BeamFormerFilters.DecimatingBeamFir;
import org.streamflex.bench.streamit.BeamFormerFilters.InputGenerate;
import org.streamflex.bench.streamit.BeamFormerFilters.Magnitude;
import org.streamflex.bench.streamit.BeamFormerFilters.Pulse;

/**
 * StreamIt's SerializedBeamFormer (its reference trace: jmh/README.md, StreamIt programs): 12 channels
 * (InputGenerate -> coarse BeamFir -> fine BeamFir) joined roundrobin(2), duplicated to 4 beams
 * (BeamForm -> matched BeamFir -> Magnitude) joined roundrobin(1), then the printer. Every filter
 * declares its rates: the program is one static subgraph, and one release of its clock is a batch
 * of steady-state iterations ({@link IterationBatch}; each iteration 4 values printed).
 */
public final class SerializedBeamFormer extends BatchedProgram {
    public static final int CHANNELS = 12;
    public static final int BEAMS = 4;
    public static final int SAMPLES = 1024;
    public static final int TARGET_BEAM = 1;
    public static final int TARGET_SAMPLE = 256;
    public static final int OUTPUTS_PER_ITERATION = 4;
    /**
     * Iterations per release unless told otherwise: the fastest of 1, 8, 16, 32 and 64 in
     * {@code StreamItMain}'s runs (jmh/README.md, "Batches of iterations").
     */
    public static final int BATCH = 32;
    public final FloatPrinter printer;

    /** The program with {@link #BATCH} iterations per release. */
    public SerializedBeamFormer() {
        this(BATCH);
    }

    /** The program with {@code batch} iterations per release and channels of {@link #LINK_BATCHES} batches. */
    public SerializedBeamFormer(int batch) {
        this(batch, LINK_BATCHES);
    }

    /**
     * The program with {@code batch} iterations per release and channels of {@code linkBatches}
     * batches' items each: see {@link BatchedProgram#BatchedProgram(int, int)}.
     */
    public SerializedBeamFormer(int batch, int linkBatches) {
        super(batch, linkBatches);
        Pulse pulse = makeFilter("pulse", Pulse.ofBatch(batch));
        DuplicateSplitter sources = makeFilter("sources", DuplicateSplitter.class);
        RoundRobinJoiner channels = makeFilter("channels", RoundRobinJoiner.class);
        channels.weights(2);
        DuplicateSplitter beams = makeFilter("beams", DuplicateSplitter.class);
        RoundRobinJoiner results = makeFilter("results", RoundRobinJoiner.class);
        printer = makeFilter("printer", FloatPrinter.class, 1 << 20, DEFAULT_TRANSIENT_BYTES);
        connect(clock, pulse, "timer");
        connect(pulse, sources, capacity(Pulse.FIRINGS_PER_ITERATION));
        for (int c = 0; c < CHANNELS; c++) {
            InputGenerate input = makeFilter("input[" + c + "]", InputGenerate.class);
            input.channel(c);
            BeamFir coarse = makeFilter("coarse[" + c + "]", BeamFir.class);
            coarse.configure(64, SAMPLES);
            DecimatingBeamFir fine = makeFilter("fine[" + c + "]", DecimatingBeamFir.class);
            fine.configure(64, SAMPLES);
            connect(sources, input, capacity(2));
            connect(input, coarse, capacity(4));
            connect(coarse, fine, capacity(4));
            connect(fine, channels, capacity(2));
        }
        connect(channels, beams, capacity(2 * CHANNELS));
        for (int b = 0; b < BEAMS; b++) {
            BeamForm form = makeFilter("form[" + b + "]", BeamForm.class);
            form.beam(b);
            BeamFir matched = makeFilter("matched[" + b + "]", BeamFir.class);
            matched.configure(512, 512);
            Magnitude magnitude = makeFilter("magnitude[" + b + "]", Magnitude.class);
            connect(beams, form, capacity(2 * CHANNELS));
            connect(form, matched, capacity(2));
            connect(matched, magnitude, capacity(2));
            connect(magnitude, results, capacity(1));
        }
        connect(results, printer, capacity(OUTPUTS_PER_ITERATION));
        validate();
    }
}
