package org.streamflex.bench.marmot;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.streamflex.samples.marmot.DoaBacklog;
import org.streamflex.samples.marmot.DoaQueue;
import org.streamflex.samples.marmot.MarmotConfig;
import org.streamflex.samples.marmot.MarmotRun;

/**
 * The DOA's fission speed-up on 2 cores, against plain Java in the same run (part of
 * {@link MarmotBench}): node A's detections of a scene (found by {@link PlainMarmotNode}), run as
 * a backlog through the sample's {@code MarmotDoa} ({@link DoaBacklog}: batches of the command's
 * {@code --doa-queue}, 32 detections, 1 replica or 2, the runtime's default minimum part of 20 us)
 * and through {@link PlainDoa} on one
 * thread or two (the detections cut in two halves by hand, the second half on a thread of an
 * executor, the first on the caller's). Rounds interleaved, the order rotating, so that a noisy
 * neighbour slows all four alike. Per round: time per detection, the 2-core speed-up of each side,
 * and StreamFlex / plain at 1 and 2 threads; and the same speed-up by the CPU time of the thread
 * each run waits on, which other processes' time slices leave out.
 *
 * <pre>{@code
 * DoaFissionBench.measure(config, denseScene, 9, 3, DoaFissionBench.DEFAULT_BATCH);
 * }</pre>
 */
final class DoaFissionBench {
    /**
     * Detections per batch unless asked otherwise: the command's {@code --doa-queue} default, so that
     * the figure is the one a run of the command splits its batches at (before 2026-11-27 this was 4,
     * and the command's 8; the figures of those sessions name their batch).
     */
    static final int DEFAULT_BATCH = MarmotRun.DEFAULT_QUEUE;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private DoaFissionBench() {
    }

    static void measure(MarmotConfig config, MarmotScene scene, int rounds, int warmup, int batch) {
        if (batch < 1 || batch > DoaQueue.MAX_BATCH) {
            throw new IllegalArgumentException("--fission-batch " + batch + ": 1 to " + DoaQueue.MAX_BATCH);
        }
        PlainMarmotNode finder = new PlainMarmotNode(config, scene.site(), scene.sampleRate());
        short[] block = new short[PlainMarmotNode.CHANNELS * 1024];
        for (int f = 0; f < scene.frames(); f += 1024) {
            int k = Math.min(1024, scene.frames() - f);
            System.arraycopy(scene.pcm(), PlainMarmotNode.CHANNELS * f, block, 0, PlainMarmotNode.CHANNELS * k);
            finder.write(block, k);
        }
        int n = Math.min(finder.detections(), PlainMarmotNode.KEPT);
        int[] starts = new int[n];
        int[] lengths = new int[n];
        for (int i = 0; i < n; i++) {
            starts[i] = (int) finder.fromFrame(i);
            lengths[i] = finder.frameCount(i);
        }
        DoaBacklog one = DoaBacklog.build(config, scene.site(), 0, scene.sampleRate(), scene.pcm(), scene.frames(), 1,
                batch, 20_000);
        DoaBacklog two = DoaBacklog.build(config, scene.site(), 0, scene.sampleRate(), scene.pcm(), scene.frames(), 2,
                batch, 20_000);
        PlainDoa first = new PlainDoa(config, scene.site(), scene.sampleRate());
        PlainDoa second = new PlainDoa(config, scene.site(), scene.sampleRate());
        // Scaled to floats once, as the node's source scales its blocks and the backlog's feeder the recording.
        float[][] channels = new float[PlainMarmotNode.CHANNELS][scene.frames()];
        for (int m = 0; m < PlainMarmotNode.CHANNELS; m++) {
            for (int i = 0; i < scene.frames(); i++) {
                channels[m][i] = scene.pcm()[i * PlainMarmotNode.CHANNELS + m] * (1f / 32_768f);
            }
        }
        float[] plainAzimuths = new float[n];
        double[][] ms = new double[4][rounds];
        // CPU time of the thread each variant waits on: the caller's, and for plain Java on two threads
        // the busier of the caller and the helper. Other processes' time slices are not in it, so on a
        // loaded machine it estimates what a quiet one's wall clock would show.
        double[][] cpuMs = new double[4][rounds];
        ExecutorService helper = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "plain-doa-2");
            t.setDaemon(true);
            return t;
        });
        try {
            for (int r = 0; r < warmup + rounds; r++) {
                for (int s = 0; s < 4; s++) {
                    int which = (r + s) % 4;
                    long cpu0 = THREADS.getCurrentThreadCpuTime();
                    long t0 = System.nanoTime();
                    long helperCpu = 0;
                    switch (which) {
                        case 0 -> one.run(starts, lengths);
                        case 1 -> two.run(starts, lengths);
                        case 2 -> plain(first, channels, starts, lengths, 0, n, plainAzimuths);
                        default -> helperCpu = plainOnTwo(helper, first, second, channels, starts, lengths,
                                plainAzimuths);
                    }
                    long nanos = System.nanoTime() - t0;
                    long cpu = Math.max(THREADS.getCurrentThreadCpuTime() - cpu0, helperCpu);
                    if (r >= warmup) {
                        ms[which][r - warmup] = nanos / 1e6 / n;
                        cpuMs[which][r - warmup] = cpu / 1e6 / n;
                    }
                }
            }
        } finally {
            helper.shutdownNow();
        }
        System.out.println("DOA fission on " + Runtime.getRuntime().availableProcessors() + " processors, " + n
                + " detections of the dense scene as a backlog, batches of " + batch + ", per detection:");
        System.out.printf(Locale.ROOT, "  StreamFlex, 1 replica   %s%n", MarmotBench.spread(ms[0], "ms"));
        System.out.printf(Locale.ROOT, "  StreamFlex, 2 replicas  %s%n", MarmotBench.spread(ms[1], "ms"));
        System.out.printf(Locale.ROOT, "  plain Java, 1 thread    %s%n", MarmotBench.spread(ms[2], "ms"));
        System.out.printf(Locale.ROOT, "  plain Java, 2 threads   %s%n", MarmotBench.spread(ms[3], "ms"));
        System.out.printf(Locale.ROOT, "  speed-up on 2 cores: StreamFlex %s, plain %s%n",
                MarmotBench.spread(ratios(ms[0], ms[1]), "x"), MarmotBench.spread(ratios(ms[2], ms[3]), "x"));
        System.out.printf(Locale.ROOT, "  StreamFlex / plain: 1 thread %s, 2 threads %s%n",
                MarmotBench.spread(ratios(ms[0], ms[2]), "x"), MarmotBench.spread(ratios(ms[1], ms[3]), "x"));
        System.out.printf(Locale.ROOT, "  CPU time of the thread waited on, per detection: StreamFlex %s and %s,"
                + " plain %s and %s%n", MarmotBench.spread(cpuMs[0], "ms"), MarmotBench.spread(cpuMs[1], "ms"),
                MarmotBench.spread(cpuMs[2], "ms"), MarmotBench.spread(cpuMs[3], "ms"));
        System.out.printf(Locale.ROOT, "  speed-up on 2 cores by that CPU time (an estimate for an idle machine):"
                + " StreamFlex %s, plain %s%n", MarmotBench.spread(ratios(cpuMs[0], cpuMs[1]), "x"),
                MarmotBench.spread(ratios(cpuMs[2], cpuMs[3]), "x"));
        int same = 0;
        for (int i = 0; i < n; i++) {
            boolean equal = Float.floatToIntBits(one.azimuth(i)) == Float.floatToIntBits(two.azimuth(i))
                    && Float.floatToIntBits(one.azimuth(i)) == Float.floatToIntBits(plainAzimuths[i]);
            same += equal ? 1 : 0;
        }
        // Proof that the parts ran elsewhere: the runtime's fission threads are named streamflex-worker-<i>.
        long workerNanos = 0;
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().startsWith("streamflex-worker-")) {
                workerNanos += ManagementFactory.getThreadMXBean().getThreadCpuTime(t.threadId());
            }
        }
        System.out.printf(Locale.ROOT, "  CPU time of the runtime's fission worker threads: %.0f ms%n",
                workerNanos / 1e6);
        System.out.printf(Locale.ROOT, "  vectors: %d and %d of %d; azimuths bit-identical (1 replica, 2 replicas,"
                + " plain) for %d of %d%n", one.count(), two.count(), n, same, n);
    }

    private static double[] ratios(double[] a, double[] b) {
        double[] r = new double[a.length];
        for (int i = 0; i < r.length; i++) {
            r[i] = a[i] / b[i];
        }
        return r;
    }

    private static void plain(PlainDoa doa, float[][] channels, int[] starts, int[] lengths, int from, int to,
            float[] azimuths) {
        for (int i = from; i < to; i++) {
            azimuths[i] = doa.run(channels, starts[i], -1, lengths[i]);
        }
    }

    /**
     * The detections cut in two halves by hand: the second on the helper thread, the first here; the
     * helper's CPU time for its half.
     */
    private static long plainOnTwo(ExecutorService helper, PlainDoa first, PlainDoa second, float[][] channels,
            int[] starts,
            int[] lengths, float[] azimuths) {
        int half = starts.length / 2;
        Future<Long> other = helper.submit(() -> {
            long cpu0 = THREADS.getCurrentThreadCpuTime();
            plain(second, channels, starts, lengths, half, starts.length, azimuths);
            return THREADS.getCurrentThreadCpuTime() - cpu0;
        });
        plain(first, channels, starts, lengths, 0, half, azimuths);
        try {
            return other.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted waiting for the second thread", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("the second thread failed: " + e.getCause(), e.getCause());
        }
    }
}
