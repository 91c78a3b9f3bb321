package org.streamflex.dsp.spectrum;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.streamflex.dsp.FloatSink;
import org.streamflex.dsp.FloatSource;
import org.streamflex.dsp.OpGraph;
import org.streamflex.dsp.Signals;
import org.streamflex.dsp.Timebase;
import org.streamflex.runtime.GraphDriver;

/**
 * {@link Bandpass} and {@link Lowpass}: SpectralMask on each block of each window, and the same
 * samples, bit for bit, as WaveScript's {@code fft -> mask -> ifft} built from {@link Fft},
 * {@link BandMask} and {@link Ifft}.
 */
class BandpassTest {
    private static final Timebase AUDIO = Timebase.of("audio", 44_100, 0);
    private static final float[] SIGNAL = Signals.tones(4096, 44_100, 0.1, new double[] {300, 5000, 12_000},
            new double[] {1, 0.5, 0.25});

    /** The source's script through {@code operator} into a sink. */
    private static FloatSink run(MaskedBlocks operator, OpGraph graph, FloatSource source, int[] lengths) {
        FloatSink sink = graph.recorder(FloatSink.class);
        graph.chain(source, operator, sink).check();
        source.timebase(AUDIO);
        source.signal(SIGNAL);
        source.script(lengths, new long[lengths.length], false);
        GraphDriver.of(graph).run(lengths.length + 1);
        graph.stop();
        return sink;
    }

    /** What SpectralMask computes on {@code x}, block by block, zero-padding the last. */
    private static float[] maskedBlocks(SpectralMask mask, float[] x, int from, int length) {
        int n = mask.size();
        float[] out = new float[length];
        float[] block = new float[n];
        for (int at = 0; at < length; at += n) {
            int count = Math.min(n, length - at);
            Arrays.fill(block, 0f);
            System.arraycopy(x, from + at, block, 0, count);
            mask.apply(block, 0, block, 0);
            System.arraycopy(block, 0, out, at, count);
        }
        return out;
    }

    @Test
    void bandpassIsSpectralMaskOnEachBlockBitForBitAndPadsAShortLastBlock() {
        OpGraph graph = new OpGraph();
        FloatSource source = graph.recorder(FloatSource.class);
        Bandpass band = graph.filter(Bandpass.class);
        band.configure(32, 2000, 8000);
        int[] lengths = {32, 96, 40, 32};
        FloatSink sink = run(band, graph, source, lengths);
        SpectralMask kernel = new SpectralMask(32, 44_100, 2000, 8000);
        assertEquals(4, sink.recorded());
        int from = 0;
        for (int i = 0; i < lengths.length; i++) {
            assertEquals(from, sink.start(i));
            assertEquals(lengths[i], sink.length(i));
            float[] expected = maskedBlocks(kernel, SIGNAL, from, lengths[i]);
            for (int j = 0; j < lengths[i]; j++) {
                assertEquals(expected[j], sink.sample(i, j), "window " + i + " sample " + j);
            }
            from += lengths[i];
        }
        assertEquals(1, graph.counters().value(band, "event.padded-block"), "the 8 samples after 32 of the 40");
    }

    @Test
    void fftThenBandMaskThenIfftGivesTheSameSamplesAsBandpassBitForBit() {
        OpGraph chainGraph = new OpGraph();
        FloatSource chainSource = chainGraph.recorder(FloatSource.class);
        Fft fft = chainGraph.filter(Fft.class);
        BandMask mask = chainGraph.filter(BandMask.class);
        Ifft ifft = chainGraph.filter(Ifft.class);
        FloatSink chainSink = chainGraph.recorder(FloatSink.class);
        fft.configure(32);
        mask.configure(2000, 8000);
        ifft.configure(32);
        chainGraph.chain(chainSource, fft, mask, ifft, chainSink).check();
        chainSource.timebase(AUDIO);
        chainSource.signal(SIGNAL);
        chainSource.contiguous(32, 64, false);
        GraphDriver.of(chainGraph).run(65);
        chainGraph.stop();

        OpGraph graph = new OpGraph();
        FloatSource source = graph.recorder(FloatSource.class);
        Bandpass band = graph.filter(Bandpass.class);
        band.configure(32, 2000, 8000);
        int[] lengths = new int[64];
        Arrays.fill(lengths, 32);
        FloatSink sink = run(band, graph, source, lengths);

        assertEquals(64, chainSink.recorded());
        float[] viaSpectra = new float[64 * 32];
        float[] direct = new float[64 * 32];
        assertEquals(viaSpectra.length, chainSink.copySamples(viaSpectra));
        assertEquals(direct.length, sink.copySamples(direct));
        for (int j = 0; j < direct.length; j++) {
            assertEquals(direct[j], viaSpectra[j], "sample " + j);
        }
    }

    @Test
    void lowpassIsTheBandFromDcToTheCutoff() {
        OpGraph graph = new OpGraph();
        FloatSource source = graph.recorder(FloatSource.class);
        Lowpass low = graph.filter(Lowpass.class);
        low.configure(64, 4000);
        int[] lengths = {64, 128, 64};
        FloatSink sink = run(low, graph, source, lengths);
        SpectralMask kernel = new SpectralMask(64, 44_100, 0, 4000);
        int from = 0;
        for (int i = 0; i < lengths.length; i++) {
            float[] expected = maskedBlocks(kernel, SIGNAL, from, lengths[i]);
            for (int j = 0; j < lengths[i]; j++) {
                assertEquals(expected[j], sink.sample(i, j), "window " + i + " sample " + j);
            }
            from += lengths[i];
        }
        assertEquals(0, graph.counters().value(low, "event.padded-block"));
    }

    @Test
    void aWarmBandpassAllocatesNothingPerWindowAndGivesEveryBufferBack() {
        long inUse = OpGraph.buffersInUse();
        OpGraph graph = new OpGraph();
        FloatSource source = graph.recorder(FloatSource.class);
        Bandpass band = graph.filter(Bandpass.class);
        FloatSink sink = graph.recorder(FloatSink.class);
        band.configure(32, 2000, 8000);
        graph.chain(source, band, sink).check();
        source.timebase(AUDIO);
        source.signal(SIGNAL);
        source.contiguous(256, 16, true);
        OpGraph.assertNoHeapBytesPerWork(graph, GraphDriver.of(graph), band, 2000, 1000);
        assertEquals(inUse, OpGraph.buffersInUse());
        graph.stop();
    }
}
