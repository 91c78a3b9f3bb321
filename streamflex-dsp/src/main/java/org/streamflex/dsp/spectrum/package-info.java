/**
 * Spectra of blocks of samples: the kernels {@link org.streamflex.dsp.spectrum.RealFft} and
 * {@link org.streamflex.dsp.spectrum.ComplexFft} (JTransforms 3.1, forward unscaled, inverse scaled
 * by {@code 1 / n}, bins as interleaved (re, im) pairs), the WaveScript-style block filter
 * {@link org.streamflex.dsp.spectrum.SpectralMask}, per-bin gains
 * ({@link org.streamflex.dsp.spectrum.FrequencyResponse}) and bin magnitude scores
 * ({@link org.streamflex.dsp.spectrum.BinMagnitudes}); and the operators (filters) over segments
 * that wrap them: {@link org.streamflex.dsp.spectrum.Fft}, {@link org.streamflex.dsp.spectrum.Ifft},
 * {@link org.streamflex.dsp.spectrum.ComplexDft}, {@link org.streamflex.dsp.spectrum.BandMask},
 * {@link org.streamflex.dsp.spectrum.Bandpass}, {@link org.streamflex.dsp.spectrum.Lowpass} and
 * {@link org.streamflex.dsp.spectrum.BinScore}.
 *
 * <p>JTransforms runs on the calling thread: its threaded branches are all gated by its 1D
 * thresholds, which every transform here raises to {@code Long.MAX_VALUE} (a JVM-wide setting of
 * JTransforms; see {@code JTransformsThreads}). Powers of two transform without allocating; other
 * sizes allocate inside JTransforms on every call (see {@link org.streamflex.dsp.spectrum.RealFft}).
 */
package org.streamflex.dsp.spectrum;
