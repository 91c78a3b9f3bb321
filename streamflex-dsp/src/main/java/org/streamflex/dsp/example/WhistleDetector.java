package org.streamflex.dsp.example;

import org.streamflex.dsp.ComplexSeg;
import org.streamflex.dsp.FloatSeg;
import org.streamflex.dsp.SegTuple;
import org.streamflex.dsp.Signal;
import org.streamflex.dsp.SignalGraph;
import org.streamflex.dsp.TimeRange;
import org.streamflex.dsp.TimedValue;
import org.streamflex.dsp.join.SyncPolicy;

/**
 * Finds whistles in a microphone's signal and hands the audio of each to a log: frames of 64
 * samples, bandpassed around 1 kHz, scored by the energy left in their spectra, a CFAR detector
 * over the scores, and a sync that cuts each detection's time range out of the original audio.
 * The bandpass ends with an inverse FFT and the scoring starts with an FFT of the same size: the
 * graph's rewriting cancels the two when it is validated.
 */
public final class WhistleDetector extends SignalGraph {
    private final WhistleLog log;

    public WhistleDetector() {
        WhistleSource mic = makeFilter(WhistleSource.class);
        connect(makeClock(0), mic);                                   // free-running: as fast as it goes
        Signal<FloatSeg> audio = signal(mic, "out", FloatSeg.class);

        Signal<FloatSeg> frames = rewindow(audio, 64, 0);             // 8 ms frames
        Signal<FloatSeg> band = bandpass(frames, 64, 800, 1_200);     // fft, mask, ifft
        Signal<ComplexSeg> spectra = fft(band, 64);                   // cancels the bandpass's ifft
        Signal<TimedValue> scores = binScore(spectra, null);          // sum of bin magnitudes
        Signal<TimeRange> whistles = cfar(scores, 6, 256, 64, 4, 20_000_000L);  // 20 ms padding
        Signal<SegTuple> cut = sync(whistles, 80_000, SyncPolicy.DROP_INCOMPLETE, audio);

        log = makeFilter(WhistleLog.class);
        into(cut, log, "in");
        validate();                                                   // rewrites, then builds
    }

    /** Where the whistles go. */
    public WhistleLog log() {
        return log;
    }
}
