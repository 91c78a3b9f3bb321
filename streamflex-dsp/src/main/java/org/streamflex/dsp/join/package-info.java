/**
 * Operators that bring several segment streams together: {@link org.streamflex.dsp.join.Zip} by
 * arrival order, {@link org.streamflex.dsp.join.TaggedMerge} tagging each segment with its input,
 * and {@link org.streamflex.dsp.join.Sync}, XStream's time-range join. See
 * {@code streamflex-dsp/README.md}.
 */
package org.streamflex.dsp.join;
