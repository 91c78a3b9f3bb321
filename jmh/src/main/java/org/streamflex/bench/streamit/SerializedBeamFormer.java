package org.streamflex.bench.streamit;

import org.streamflex.Clock;
import org.streamflex.DuplicateSplitter;
import org.streamflex.RoundRobinJoiner;
import org.streamflex.StreamFlexGraph;
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
 * declares its rates: the program is one static subgraph, and one release of its clock is one
 * steady-state iteration (4 values printed).
 */
public final class SerializedBeamFormer extends StreamFlexGraph {
    public static final int CHANNELS = 12;
    public static final int BEAMS = 4;
    public static final int SAMPLES = 1024;
    public static final int TARGET_BEAM = 1;
    public static final int TARGET_SAMPLE = 256;
    public static final int OUTPUTS_PER_ITERATION = 4;
    public final Clock clock;
    public final FloatPrinter printer;

    public SerializedBeamFormer() {
        clock = makeClock(0);
        Pulse pulse = makeFilter("pulse", Pulse.class);
        DuplicateSplitter sources = makeFilter("sources", DuplicateSplitter.class);
        RoundRobinJoiner channels = makeFilter("channels", RoundRobinJoiner.class);
        channels.weights(2);
        DuplicateSplitter beams = makeFilter("beams", DuplicateSplitter.class);
        RoundRobinJoiner results = makeFilter("results", RoundRobinJoiner.class);
        printer = makeFilter("printer", FloatPrinter.class, 1 << 20, DEFAULT_TRANSIENT_BYTES);
        connect(clock, pulse, "timer");
        connect(pulse, sources, 4);
        for (int c = 0; c < CHANNELS; c++) {
            InputGenerate input = makeFilter("input[" + c + "]", InputGenerate.class);
            input.channel(c);
            BeamFir coarse = makeFilter("coarse[" + c + "]", BeamFir.class);
            coarse.configure(64, SAMPLES);
            DecimatingBeamFir fine = makeFilter("fine[" + c + "]", DecimatingBeamFir.class);
            fine.configure(64, SAMPLES);
            connect(sources, input, 4);
            connect(input, coarse, 8);
            connect(coarse, fine, 8);
            connect(fine, channels, 8);
        }
        connect(channels, beams, 2 * CHANNELS * 2);
        for (int b = 0; b < BEAMS; b++) {
            BeamForm form = makeFilter("form[" + b + "]", BeamForm.class);
            form.beam(b);
            BeamFir matched = makeFilter("matched[" + b + "]", BeamFir.class);
            matched.configure(512, 512);
            Magnitude magnitude = makeFilter("magnitude[" + b + "]", Magnitude.class);
            connect(beams, form, 2 * CHANNELS * 2);
            connect(form, matched, 4);
            connect(matched, magnitude, 4);
            connect(magnitude, results, 4);
        }
        connect(results, printer, 8);
        validate();
    }
}
