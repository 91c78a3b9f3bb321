package org.streamflex.bench.xstream;

import org.streamflex.bench.xstream.XStreamWorkloads.DetectAudio;
import org.streamflex.dsp.Timebase;

/**
 * The clocks of DETECTAUDIO's four microphones in the signal-segment graphs: 48 kHz, sample 0 at
 * time 0, one timebase per microphone (the sync maps each detection onto each input's own).
 *
 * <pre>{@code
 * FloatSeg s = FloatSeg.make(Mics.clock(3), 0, 4096);   // microphone 4's first batch
 * }</pre>
 */
final class Mics {
    /** Microphone 1's clock, the detection channel's. */
    static final Timebase MIC1 = Timebase.of("mic-1", DetectAudio.SAMPLE_RATE, 0);
    static final Timebase MIC2 = Timebase.of("mic-2", DetectAudio.SAMPLE_RATE, 0);
    static final Timebase MIC3 = Timebase.of("mic-3", DetectAudio.SAMPLE_RATE, 0);
    static final Timebase MIC4 = Timebase.of("mic-4", DetectAudio.SAMPLE_RATE, 0);

    private Mics() {
    }

    /** The clock of microphone {@code c}, 0 to 3. */
    static Timebase clock(int c) {
        return switch (c) {
            case 0 -> MIC1;
            case 1 -> MIC2;
            case 2 -> MIC3;
            default -> MIC4;
        };
    }
}
