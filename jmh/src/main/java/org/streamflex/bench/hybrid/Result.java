package org.streamflex.bench.hybrid;

import java.util.List;

/**
 * A variant's measurement: its rate in every timed round, their mean and its 95% confidence
 * interval (Student's t), and whether every round's checksum was the expected one.
 *
 * <pre>{@code
 * Result r = Rounds.measure(variant, expected, plan);
 * System.out.printf("%.2f +- %.2f M items/s%n", r.mean() / 1e6, r.halfInterval() / 1e6);
 * }</pre>
 *
 * @param items items per timed round
 * @param rates items per second of each timed round
 * @param checksum the last round's checksum
 * @param problem why the variant's numbers are not valid (a checksum that differs from the
 *     expected one, a run that failed), or null
 */
public record Result(long items, List<Double> rates, Checksum checksum, String problem) {
    public Result {
        rates = List.copyOf(rates);
    }

    public boolean valid() {
        return problem == null && !rates.isEmpty();
    }

    public double mean() {
        return rates.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }

    /** Half the width of the 95% confidence interval of the mean; NaN below two rounds. */
    public double halfInterval() {
        int n = rates.size();
        if (n < 2) {
            return Double.NaN;
        }
        double mean = mean();
        double squares = 0;
        for (double r : rates) {
            squares += (r - mean) * (r - mean);
        }
        return studentT975(n - 1) * Math.sqrt(squares / (n - 1)) / Math.sqrt(n);
    }

    /** The 97.5% quantile of Student's t with {@code df} degrees of freedom. */
    static double studentT975(int df) {
        double[] table = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179,
            2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056,
            2.052, 2.048, 2.045, 2.042};
        return df <= table.length ? table[df - 1] : 1.96;
    }
}
