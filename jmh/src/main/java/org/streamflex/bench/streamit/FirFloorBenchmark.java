package org.streamflex.bench.streamit;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The arithmetic floor of one FilterBankNew steady-state iteration as the program is written: its
 * 128 FIR outputs, each a strictly ordered 32-term float sum, over plain arrays with nothing else.
 * Multiply ns/op by 100,000 for the time of 100,000 iterations. {@link #oneIterationOfFirs} sums one
 * output after another; {@link #oneIterationOfFirsTapByTap} sums a release's 256 outputs of each of
 * the 16 FIRs as the port's {@code DelayedFir} does ({@code DelayedFir.sum}, tap by tap, which C2
 * vectorizes), each sum in the same order, per iteration of the 32 a release carries.
 *
 * <pre>java -jar jmh/target/benchmarks.jar FirFloor</pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
@State(Scope.Thread)
public class FirFloorBenchmark {
    private static final int FIRS = 16;
    private static final int RELEASE = 32;
    private static final int RELEASE_OUTPUTS = 8 * RELEASE;
    private final float[] samples = new float[4096];
    private final float[] coeff = new float[32];
    private int position;
    /** Each FIR's window as {@code DelayedFir} keeps it: the last 31 items, then a release's 256. */
    private final float[][] windows = new float[FIRS][FilterBankFilters.DelayedFir.TAPS - 1 + RELEASE_OUTPUTS];
    private final float[] sums = new float[RELEASE_OUTPUTS];
    private final float[] reversed = new float[FilterBankFilters.DelayedFir.TAPS];
    private int releasePosition;

    public FirFloorBenchmark() {
        for (int i = 0; i < samples.length; i++) {
            samples[i] = i % 1001;
        }
        for (int i = 0; i < coeff.length; i++) {
            coeff[i] = i * 3 + 1;
        }
        for (int i = 0; i < coeff.length; i++) {
            reversed[i] = coeff[coeff.length - 1 - i];
        }
    }

    @Benchmark
    public float oneIterationOfFirs() {
        float total = 0;
        int p = position;
        for (int o = 0; o < 128; o++) {
            float sum = 0;
            for (int i = 0; i < 32; i++) {
                sum += samples[(p + i) & 4095] * coeff[31 - i];
            }
            total += sum;
            p = (p + 1) & 4095;
        }
        position = p;
        return total;
    }

    /** One release (32 iterations) of the 16 FIRs as {@code DelayedFir} sums them; ns/op per iteration. */
    @Benchmark
    @OperationsPerInvocation(RELEASE)
    public float oneIterationOfFirsTapByTap() {
        int taps = FilterBankFilters.DelayedFir.TAPS;
        float total = 0;
        int p = releasePosition;
        for (int f = 0; f < FIRS; f++) {
            float[] x = windows[f];
            System.arraycopy(samples, p, x, taps - 1, RELEASE_OUTPUTS);
            FilterBankFilters.DelayedFir.sum(sums, x, reversed, RELEASE_OUTPUTS);
            System.arraycopy(x, RELEASE_OUTPUTS, x, 0, taps - 1);
            total += sums[f];
        }
        releasePosition = (p + RELEASE_OUTPUTS) & (samples.length - 1);
        return total;
    }
}
