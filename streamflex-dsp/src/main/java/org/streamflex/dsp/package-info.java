/**
 * The StreamFlex DSP library: signal segments (isochronous, read-only, reference-counted windows
 * of samples with a timebase), the operators that window, join and transform them, and the
 * algebraic rewrites applied to chains of them. See the module's README.
 */
package org.streamflex.dsp;
