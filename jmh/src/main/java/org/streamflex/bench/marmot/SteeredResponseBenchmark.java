package org.streamflex.bench.marmot;

import java.util.Random;
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
import org.streamflex.samples.marmot.SteeredResponse;

/**
 * The marmot DOA's angle search alone, one detection's 360-azimuth steered response on the default
 * configuration (an 8 cm square array, 8192-point FFT at 44.1 kHz, 2 to 8 kHz: 1115 bins x 4
 * microphones, PHAT-whitened plane wave in noise): {@code oneAtATime}, the kernel as it was (every
 * azimuth, one phasor recurrence after another), the baseline; {@code direct}, every azimuth with
 * opposite azimuths paired and the microphones side by side; {@code power}, what the sample calls:
 * the direct evaluation at {@code 2H + 2} azimuths, interpolated to 360.
 *
 * <pre>java -jar jmh/target/benchmarks.jar SteeredResponse -prof gc</pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
@State(Scope.Thread)
public class SteeredResponseBenchmark {
    private static final int SIZE = 8_192;
    private static final double RATE = 44_100;
    private static final double C = 343;
    private final double[] micX = {0.04, -0.04, -0.04, 0.04};
    private final double[] micY = {0.04, 0.04, -0.04, -0.04};
    private final int firstBin = (int) Math.ceil(2_000.0 * SIZE / RATE);
    private final int bins = (int) Math.floor(8_000.0 * SIZE / RATE) - firstBin + 1;
    private final float[] re = new float[4 * bins];
    private final float[] im = new float[4 * bins];
    private final double[] out = new double[360];
    private final double[] scratch = new double[SIZE];

    public SteeredResponseBenchmark() {
        Random random = new Random(17);
        double u = Math.toRadians(123.4);
        for (int j = 0; j < bins; j++) {
            double f = (firstBin + j) * RATE / SIZE;
            double source = random.nextDouble() * 2 * Math.PI;
            for (int m = 0; m < 4; m++) {
                double phase = source + 2 * Math.PI * f * (micX[m] * Math.cos(u) + micY[m] * Math.sin(u)) / C;
                double r = 3 * Math.cos(phase) + random.nextGaussian();
                double q = 3 * Math.sin(phase) + random.nextGaussian();
                double w = 1 / Math.hypot(r, q);
                re[m * bins + j] = (float) (r * w);
                im[m * bins + j] = (float) (q * w);
            }
        }
    }

    @Benchmark
    public double oneAtATime() {
        SteeredResponse.oneAtATime(re, im, 4, bins, firstBin, SIZE, RATE, micX, micY, C, out, out.length, scratch);
        return SteeredResponse.peakAzimuth(out);
    }

    @Benchmark
    public double direct() {
        SteeredResponse.direct(re, im, 4, bins, firstBin, SIZE, RATE, micX, micY, C, out, out.length, scratch);
        return SteeredResponse.peakAzimuth(out);
    }

    @Benchmark
    public double power() {
        SteeredResponse.power(re, im, 4, bins, firstBin, SIZE, RATE, micX, micY, C, out, scratch);
        return SteeredResponse.peakAzimuth(out);
    }
}
