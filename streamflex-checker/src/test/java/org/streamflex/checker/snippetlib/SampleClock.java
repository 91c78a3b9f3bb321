package org.streamflex.checker.snippetlib;

/**
 * A reference-immutable record, as the DSP library's {@code Timebase} is.
 *
 * @param name what the signal is
 * @param rate samples per second
 * @param originSample the number of the first sample
 */
public record SampleClock(String name, double rate, long originSample) {
}
