package org.streamflex.bench.xstream;

import java.util.Locale;

/**
 * What a run of a workload produced, compared bit for bit between versions (a record compares its
 * {@code double} as {@link Double#compare} does). What the two numbers mean is the workload's
 * ({@link XStreamWorkloads.Workload#describe}): samples out and the sum of their values for
 * PASSCHAIN and SILENCEFILTER; windows passed and the sum of their first sample numbers for
 * STATFILTER, exact in a {@code double} below 2^53, which takes more than 15,000 replays to reach.
 *
 * <pre>{@code
 * Checksum plain = PlainVersions.passChain(recording.samples(), 2);
 * assert plain.equals(perSample.run(input, 2));
 * }</pre>
 *
 * @param count the samples or windows out
 * @param sum the sum of their values, or of their first sample numbers
 */
public record Checksum(long count, double sum) {
    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%d / %s", count, Double.toString(sum));
    }
}
