package org.streamflex.dsp.spectrum;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.jtransforms.fft.FloatFFT_1D;
import org.jtransforms.utils.CommonUtils;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import pl.edu.icm.jlargearrays.ConcurrencyUtils;

/**
 * JTransforms 3.1 hands large 1D transforms to JLargeArrays' pool ({@code ConcurrencyUtils.submit})
 * when {@code ConcurrencyUtils.getNumberOfThreads() > 1} and the size reaches its 1D thresholds.
 * Each test installs a pool whose thread factory counts the threads it makes, asks for four threads
 * and puts JTransforms' thresholds back to their defaults, so that only the kernels' own setting
 * can keep the work on the calling thread.
 */
class JTransformsThreadsTest {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final AtomicInteger threadsMade = new AtomicInteger();
    private ExecutorService countingPool;
    private ExecutorService previousPool;
    private int previousThreads;
    private long previous2;
    private long previous4;

    @BeforeEach
    void installACountingPoolAndTheLibraryDefaults() {
        previousPool = ConcurrencyUtils.getThreadPool();
        previousThreads = ConcurrencyUtils.getNumberOfThreads();
        previous2 = CommonUtils.getThreadsBeginN_1D_FFT_2Threads();
        previous4 = CommonUtils.getThreadsBeginN_1D_FFT_4Threads();
        countingPool = Executors.newCachedThreadPool(task -> {
            threadsMade.incrementAndGet();
            Thread thread = new Thread(task, "jtransforms-counted");
            thread.setDaemon(true);
            return thread;
        });
        ConcurrencyUtils.setThreadPool(countingPool);
        ConcurrencyUtils.setNumberOfThreads(4);
        CommonUtils.resetThreadsBeginN_FFT();
    }

    @AfterEach
    void restore() {
        ConcurrencyUtils.setThreadPool(previousPool);
        ConcurrencyUtils.setNumberOfThreads(previousThreads);
        CommonUtils.setThreadsBeginN_1D_FFT_2Threads(previous2);
        CommonUtils.setThreadsBeginN_1D_FFT_4Threads(previous4);
        countingPool.shutdownNow();
    }

    @Test
    void withoutTheKernelsJTransformsWouldStartThreadsForALargeSize() {
        float[] x = new float[1 << 16];
        x[1] = 1;
        new FloatFFT_1D(x.length).realForward(x);
        assertTrue(threadsMade.get() > 0, "the control: JTransforms' defaults use the pool at 2^16");
    }

    @Test
    void largeForwardAndInverseTransformsStartNoThread() {
        // 2^16: split-radix, threaded from 8192 by default; 48000: mixed radix; 8209: a prime above
        // 8192, so Bluestein, threaded by default too.
        long startedBefore = THREADS.getTotalStartedThreadCount();
        for (int n : new int[] {1 << 16, 48_000, 8209}) {
            RealFft real = new RealFft(n);
            ComplexFft complex = new ComplexFft(n);
            // Someone else puts the defaults back after the kernels were made: the next call raises them again.
            CommonUtils.resetThreadsBeginN_FFT();
            float[] x = new float[n];
            x[1] = 1;
            float[] bins = new float[n + 2];
            real.forward(x, 0, bins, 0);
            real.inverse(bins, 0, x, 0);
            float[] z = new float[2 * n];
            z[2] = 1;
            complex.forward(z, 0, z, 0);
            CommonUtils.resetThreadsBeginN_FFT();
            complex.inverse(z, 0, z, 0);
            assertEquals(1f, x[1], 1e-4, "n=" + n + ": the transforms ran");
            assertEquals(1f, z[2], 1e-4, "n=" + n + ": the transforms ran");
        }
        assertEquals(0, threadsMade.get(), "threads made by JTransforms' pool");
        assertEquals(startedBefore, THREADS.getTotalStartedThreadCount(), "threads started in the JVM");
        assertEquals(Long.MAX_VALUE, CommonUtils.getThreadsBeginN_1D_FFT_2Threads());
        assertEquals(Long.MAX_VALUE, CommonUtils.getThreadsBeginN_1D_FFT_4Threads());
    }
}
