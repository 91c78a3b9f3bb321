/**
 * Finite impulse response filters on float blocks, streaming across calls of any sizes:
 * {@link org.streamflex.dsp.fir.FirFilter} (direct form, double accumulation),
 * {@link org.streamflex.dsp.fir.OverlapSaveFir} (the same filter by FFT overlap-save, for long
 * filters) and {@link org.streamflex.dsp.fir.FirDesign} (windowed-sinc lowpass and bandpass taps);
 * and {@link org.streamflex.dsp.fir.Fir}, the operator that filters a stream of segments with
 * either, its history kept over contiguous runs.
 */
package org.streamflex.dsp.fir;
