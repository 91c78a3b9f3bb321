/**
 * The memory behind signal segments: reference-counted off-heap sample buffers in size-class
 * pools, pools of segment headers, and the library's debug mode. Internal to the DSP library:
 * filter code reaches it only through the segment classes of {@code org.streamflex.dsp}.
 */
package org.streamflex.dsp.memory;
