/**
 * Statistics accumulated in double: of float blocks and streams
 * ({@link org.streamflex.dsp.stats.Moments}, {@link org.streamflex.dsp.stats.RunningMoments}, by
 * Welford's update), and of segments read in place ({@link org.streamflex.dsp.stats.Stats}); and
 * the window operators built on them: {@link org.streamflex.dsp.stats.WindowStats},
 * {@link org.streamflex.dsp.stats.KeepIf} and XStream's STATFILTER pair
 * {@link org.streamflex.dsp.stats.StdDevAbove} and {@link org.streamflex.dsp.stats.MeanBelow}.
 */
package org.streamflex.dsp.stats;
