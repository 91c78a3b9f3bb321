/**
 * Statistics of float blocks and streams, accumulated in double:
 * {@link org.streamflex.dsp.stats.Moments} (one block) and
 * {@link org.streamflex.dsp.stats.RunningMoments} (a stream), both by Welford's update.
 */
package org.streamflex.dsp.stats;
