/**
 * Detectors over streams of scores: {@link org.streamflex.dsp.detect.Cfar}, a constant-false-alarm-rate
 * detector on an exponentially weighted Gaussian noise estimate, reporting into a preallocated
 * {@link org.streamflex.dsp.detect.CfarReport}.
 */
package org.streamflex.dsp.detect;
