/**
 * Per-sample maps and per-segment folds over signal segments, WaveScript's {@code map} and
 * {@code Sigseg.fold}: {@link org.streamflex.dsp.map.DoubleMap} and
 * {@link org.streamflex.dsp.map.DoubleFold} (the build generates the float, int, short and long
 * versions from them), and {@link org.streamflex.dsp.map.ToFloat}, PCM16 to float samples.
 */
package org.streamflex.dsp.map;
