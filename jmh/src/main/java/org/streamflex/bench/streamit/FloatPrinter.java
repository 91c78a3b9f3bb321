package org.streamflex.bench.streamit;

import org.streamflex.Filter;
import org.streamflex.FloatChannel;
import org.streamflex.Rate;

/**
 * StreamIt's printer at the end of both programs: pops one float per firing. Instead of printing
 * it keeps the first {@value #KEPT} values (for the comparison with the reference traces) and a
 * running checksum of all of them.
 */
public final class FloatPrinter extends Filter {
    public static final int KEPT = 100_000;
    @Rate(1)
    private FloatChannel in;
    private final float[] kept = new float[KEPT];
    private long count;
    private double checksum;
    private boolean echo;

    /** Prints every value on standard output, as StreamIt's printer does (slow: for looking, not timing). */
    void echo(boolean on) {
        echo = on;
    }

    @Override
    public void work() {
        float v = in.take();
        if (count < KEPT) {
            kept[(int) count] = v;
        }
        count++;
        checksum += v;
        if (echo) {
            System.out.println(v);
        }
    }

    /** Values received. */
    public long count() {
        return count;
    }

    /** Value {@code i} received, for {@code i < min(count(), KEPT)}. */
    public float value(int i) {
        return kept[i];
    }

    public double checksum() {
        return checksum;
    }
}
