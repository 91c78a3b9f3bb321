package org.streamflex.samples.marmot;

/**
 * A located call as the command reports it.
 *
 * <pre>{@code
 * System.out.printf("LOC t=%.4f x=%.2f y=%.2f%n", f.seconds(), f.x(), f.y());
 * }</pre>
 *
 * @param index the location's number, from 0
 * @param seconds the estimated emission time
 * @param x world x, metres
 * @param y world y, metres
 * @param logLikelihood the fused log-likelihood there
 * @param detections the numbers of the detections fused
 */
@SuppressWarnings("ArrayRecordComponent") // a report, never compared
public record Fix(int index, double seconds, double x, double y, double logLikelihood, int[] detections) {
}
