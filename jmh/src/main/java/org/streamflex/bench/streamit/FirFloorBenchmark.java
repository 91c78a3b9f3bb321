package org.streamflex.bench.streamit;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The arithmetic floor of one FilterBankNew steady-state iteration as the program is written: its
 * 128 FIR outputs, each a strictly ordered 32-term float sum, over plain arrays with nothing else.
 * Multiply ns/op by 100,000 for the time of 100,000 iterations.
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
    private final float[] samples = new float[4096];
    private final float[] coeff = new float[32];
    private int position;

    public FirFloorBenchmark() {
        for (int i = 0; i < samples.length; i++) {
            samples[i] = i % 1001;
        }
        for (int i = 0; i < coeff.length; i++) {
            coeff[i] = i * 3 + 1;
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
}
