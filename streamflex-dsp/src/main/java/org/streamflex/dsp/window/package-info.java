/**
 * Operators that change how a signal is cut into segments: {@link org.streamflex.dsp.window.Rewindow}
 * (WaveScript's {@code rewindow}) between segment streams, the window and dewindow families between
 * scalar streams and segment streams, and the marks that carry time across a scalar stream. See
 * {@code streamflex-dsp/README.md}.
 */
package org.streamflex.dsp.window;
