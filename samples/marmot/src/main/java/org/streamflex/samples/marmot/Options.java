package org.streamflex.samples.marmot;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * {@code --name value} pairs of a command line, read by name with a default, each checked against
 * the names a command knows.
 *
 * <pre>{@code
 * Options o = Options.parse(args, Set.of("scene", "beta"));
 * double beta = o.number("beta", 5, 0.1, 100);
 * }</pre>
 */
public final class Options {
    private final Map<String, String> values;

    private Options(Map<String, String> values) {
        this.values = values;
    }

    /**
     * Reads {@code args} as {@code --name value} pairs.
     *
     * @throws UsageException for an argument that is not {@code --name}, a name not in {@code known},
     *     a missing value or a name given twice
     */
    public static Options parse(String[] args, Set<String> known) throws UsageException {
        Map<String, String> v = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (!a.startsWith("--") || a.length() < 3) {
                throw new UsageException("\"" + a + "\" is not an option: options are --name value");
            }
            String name = a.substring(2);
            if (!known.contains(name)) {
                throw new UsageException("unknown option --" + name);
            }
            if (i + 1 >= args.length) {
                throw new UsageException("--" + name + " needs a value");
            }
            if (v.put(name, args[++i]) != null) {
                throw new UsageException("--" + name + " is given twice");
            }
        }
        return new Options(v);
    }

    /** Whether {@code name} was given. */
    public boolean has(String name) {
        return values.containsKey(name);
    }

    /** The text of {@code name}, or {@code fallback}. */
    public String text(String name, String fallback) {
        return values.getOrDefault(name, fallback);
    }

    /**
     * The number {@code name}, or {@code fallback}.
     *
     * @throws UsageException if it is not a number in {@code [min, max]}
     */
    public double number(String name, double fallback, double min, double max) throws UsageException {
        String s = values.get(name);
        if (s == null) {
            return fallback;
        }
        double v;
        try {
            v = Double.parseDouble(s);
        } catch (NumberFormatException e) {
            throw new UsageException("--" + name + ": \"" + s + "\" is not a number");
        }
        if (!(v >= min && v <= max)) {
            throw new UsageException("--" + name + ": " + s + " is outside [" + min + ", " + max + "]");
        }
        return v;
    }

    /**
     * The whole number {@code name}, or {@code fallback}.
     *
     * @throws UsageException if it is not a whole number in {@code [min, max]}
     */
    public int integer(String name, int fallback, int min, int max) throws UsageException {
        double v = number(name, fallback, min, max);
        if (v != Math.rint(v)) {
            throw new UsageException("--" + name + ": " + values.get(name) + " is not a whole number");
        }
        return (int) v;
    }

    /**
     * The pair {@code LO:HI} of {@code name}, or {@code fallback}.
     *
     * @throws UsageException if it is not two numbers with {@code min <= LO < HI}
     */
    public double[] range(String name, double[] fallback, double min) throws UsageException {
        String s = values.get(name);
        if (s == null) {
            return fallback.clone();
        }
        String[] p = s.split(":", -1);
        try {
            if (p.length == 2) {
                double lo = Double.parseDouble(p[0]);
                double hi = Double.parseDouble(p[1]);
                if (lo >= min && hi > lo && Double.isFinite(hi)) {
                    return new double[] {lo, hi};
                }
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new UsageException("--" + name + ": \"" + s + "\" is not LO:HI with " + min + " <= LO < HI");
    }
}
