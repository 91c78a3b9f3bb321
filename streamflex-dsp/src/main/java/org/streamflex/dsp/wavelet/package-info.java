/**
 * Wavelet transforms: {@link org.streamflex.dsp.wavelet.Haar}, the orthonormal Haar DWT with its
 * inverse and band energies; and its operators, {@link org.streamflex.dsp.wavelet.HaarWavelet}
 * (coefficients per window) and {@link org.streamflex.dsp.wavelet.HaarEnergies} (a
 * {@link org.streamflex.dsp.wavelet.BandEnergies} capsule per window).
 */
package org.streamflex.dsp.wavelet;
