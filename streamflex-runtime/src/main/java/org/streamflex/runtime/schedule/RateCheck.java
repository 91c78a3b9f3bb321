package org.streamflex.runtime.schedule;

import org.streamflex.RateViolationError;
import org.streamflex.runtime.channel.SpscRing;

/**
 * The debug-mode check of a filter's declared rates ({@code -Dstreamflex.rates.check=true}): after
 * each {@code work()} returns, and before its transaction commits, the items it took from each
 * declared input and put on each declared output (drops included: a put is a put, whether or not
 * the channel had room) must equal the declaration. A difference is a {@link RateViolationError}
 * thrown as if the {@code work()} had thrown it. Off, a filter has no check and pays nothing.
 *
 * <pre>{@code
 * task.checkRates(new RateCheck(new SpscRing[] {in}, new int[] {2}, new String[] {"Decimate#1.in"},
 *         new SpscRing[] {}, new int[] {}, new String[] {}));
 * }</pre>
 */
public final class RateCheck {
    private final SpscRing[] inputs;
    private final int[] pops;
    private final String[] inputNames;
    private final SpscRing[] outputs;
    private final int[] pushes;
    private final String[] outputNames;

    /**
     * @param inputs the declared inputs' rings
     * @param pops items each {@code work()} must take from each
     * @param inputNames each input as messages name it ({@code Decimate#1.in})
     * @param outputs the declared outputs' rings
     * @param pushes items each {@code work()} must put on each
     * @param outputNames each output as messages name it
     */
    public RateCheck(SpscRing[] inputs, int[] pops, String[] inputNames, SpscRing[] outputs, int[] pushes,
            String[] outputNames) {
        if (inputs.length != pops.length || inputs.length != inputNames.length || outputs.length != pushes.length
                || outputs.length != outputNames.length) {
            throw new IllegalArgumentException("one rate and one name per ring");
        }
        this.inputs = inputs.clone();
        this.pops = pops.clone();
        this.inputNames = inputNames.clone();
        this.outputs = outputs.clone();
        this.pushes = pushes.clone();
        this.outputNames = outputNames.clone();
    }

    /** Throws if the {@code work()} that just returned broke a declared rate. */
    void verify() {
        verify(1);
    }

    /**
     * Throws if the {@code runs}-th {@code work()} of one transaction broke a declared rate: a
     * fused filter runs several in one, so its channels then hold {@code runs} times the rate.
     */
    void verify(int runs) {
        for (int i = 0; i < inputs.length; i++) {
            long took = inputs[i].pendingTakes();
            if (took != (long) pops[i] * runs) {
                throw violation(inputNames[i], "took", took - (long) pops[i] * (runs - 1), pops[i]);
            }
        }
        for (int i = 0; i < outputs.length; i++) {
            long put = outputs[i].pendingPuts();
            if (put != (long) pushes[i] * runs) {
                throw violation(outputNames[i], "put", put - (long) pushes[i] * (runs - 1), pushes[i]);
            }
        }
    }

    private static RateViolationError violation(String channel, String did, long actual, int declared) {
        return new RateViolationError(channel + ": work() " + did + " " + actual + (actual == 1 ? " item" : " items")
                + ", @Rate declares " + declared + " per work(); fix the declaration or the work()");
    }
}
