/**
 * Wavelet transforms: {@link org.streamflex.dsp.wavelet.Haar}, the orthonormal Haar DWT with its
 * inverse and band energies.
 */
package org.streamflex.dsp.wavelet;
