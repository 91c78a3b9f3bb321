/**
 * Detectors over streams of scores: {@link org.streamflex.dsp.detect.Cfar}, a constant-false-alarm-rate
 * detector on an exponentially weighted Gaussian noise estimate, reporting into a preallocated
 * {@link org.streamflex.dsp.detect.CfarReport}; and {@link org.streamflex.dsp.detect.CfarDetector},
 * the operator that turns a stream of scores into the time ranges a {@code sync} extracts.
 */
package org.streamflex.dsp.detect;
