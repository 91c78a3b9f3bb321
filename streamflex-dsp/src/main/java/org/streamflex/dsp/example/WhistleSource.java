package org.streamflex.dsp.example;

import org.streamflex.Filter;
import org.streamflex.SharedChannel;
import org.streamflex.TimeChannel;
import org.streamflex.dsp.FloatSeg;
import org.streamflex.dsp.Timebase;

/**
 * A microphone stand-in: 8 kHz of quiet noise, with a 1 kHz whistle of a quarter second every two
 * seconds from 1 s on, delivered as one segment of 256 samples (32 ms) per release, as a sound card would.
 */
public final class WhistleSource extends Filter {
    /** The microphone's clock. */
    public static final Timebase MIC = Timebase.of("mic", 8_000, 0);
    /** Samples per segment. */
    public static final int SEGMENT = 256;

    @SuppressWarnings("UnusedVariable") // the clock releases the filter through it
    private TimeChannel timer;
    private SharedChannel<FloatSeg> out;
    private final float[] samples = new float[SEGMENT];
    private long next;
    private long noise = 0x9E3779B97F4A7C15L;

    @Override
    public void work() {
        for (int i = 0; i < SEGMENT; i++) {
            long n = next + i;
            noise = noise * 6364136223846793005L + 1442695040888963407L; // a fixed-seed LCG: no heap
            float hiss = ((noise >>> 40) / (float) (1 << 24) - 0.5f) * 0.02f;
            boolean whistling = n % 16_000 >= 8_000 && n % 16_000 < 10_000;
            samples[i] = hiss + (whistling ? (float) (0.5 * Math.sin(2 * Math.PI * 1_000 * n / 8_000.0)) : 0f);
        }
        out.put(FloatSeg.copyOf(MIC, next, samples, 0, SEGMENT));
        next += SEGMENT;
    }
}
