package org.streamflex.bench.streamit;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.streamflex.bench.streamit.FilterBankFilters.DelayedFir;

/**
 * FilterBankNew as a Java programmer would split it over threads by hand, without StreamFlex: the
 * baseline of {@code ScalingMain --program filterbank}'s scaling, run in the same rounds, so that a
 * speed-up of the graph on N workers can be read beside what plain Java gets from the same
 * machine's N cores at the same moment.
 *
 * <p>The work is the graph's, to the bit: blocks of {@link #ITERATIONS} steady-state iterations, each
 * bank's two FIRs summed by the graph's own kernel ({@code DelayedFir.sum}), the down- and
 * up-sampling between them, and the 8 banks' outputs added in bank order as {@code Combine} does.
 * Thread 0 makes the source's blocks, runs the first share of the banks and combines; each other
 * thread runs a share of the banks, contiguous, and hands its outputs back. Between them are rings
 * of {@link #SLOTS} blocks (the graph's links between workers hold 32 batches too), so a thread can
 * run ahead of the other by that much. Threads spin while they wait, yielding after a while, and
 * are not pinned: what a plain-Java program on a machine with a core per thread would do.
 *
 * <pre>{@code
 * PlainFilterBankThreads plain = new PlainFilterBankThreads(2);
 * plain.start();
 * Thread.sleep(1000);
 * long iterations = plain.iterations();   // steady-state iterations done so far
 * plain.stop();                            // joins the threads; rethrows what one of them threw
 * float[] first = plain.kept();            // the first outputs, as FloatPrinter keeps them
 * }</pre>
 */
public final class PlainFilterBankThreads {
    /** Steady-state iterations per block: the graph's batch. */
    public static final int ITERATIONS = FilterBankGraph.BATCH;
    /** The most threads: one per bank. */
    public static final int MAX_THREADS = FilterBankGraph.CHANNELS;
    /** Source items, and outputs, per block. */
    static final int ITEMS = ITERATIONS * FilterBankGraph.OUTPUTS_PER_ITERATION;
    /** Blocks each ring holds. */
    static final int SLOTS = 32;
    /** Spins while waiting before each {@link Thread#yield()}. */
    private static final int SPINS = 1 << 10;
    private static final int TAPS = DelayedFir.TAPS;

    private final int threads;
    /** Thread t runs banks {@code firstBank[t]} to {@code firstBank[t + 1] - 1}. */
    private final int[] firstBank;
    private final Bank[] banks = new Bank[FilterBankGraph.CHANNELS];
    /** The source's blocks, written by thread 0, read by the others. */
    private final float[][] input = new float[SLOTS][ITEMS];
    /** Thread t's outputs, {@code [t][slot][bank of t * ITEMS + o]}; thread 0's are in its banks. */
    private final float[][][] handed;
    /** Blocks of source made: written by thread 0 (release), read by the others (acquire). */
    private final AtomicLong made = new AtomicLong();
    /** Blocks combined: written by thread 0 (release), read by the others (acquire) and by {@link #iterations()}. */
    private final AtomicLong combined = new AtomicLong();
    /** Blocks of outputs handed back by thread t: written by t (release), read by thread 0 (acquire). */
    private final AtomicLong[] done;
    private final float[] kept = new float[FloatPrinter.KEPT];
    /** Thread 0's combined block. */
    private final float[] sums = new float[ITEMS];
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private final Thread[] running;
    private volatile boolean stopping;
    private float source;

    /**
     * The program on {@code threads} threads, 1 to {@link #MAX_THREADS}.
     *
     * @throws IllegalArgumentException outside that range
     */
    public PlainFilterBankThreads(int threads) {
        if (threads < 1 || threads > MAX_THREADS) {
            throw new IllegalArgumentException("threads must be 1 to " + MAX_THREADS + " (one per bank at most): "
                    + threads);
        }
        this.threads = threads;
        this.firstBank = new int[threads + 1];
        int banksEach = FilterBankGraph.CHANNELS / threads;
        int extra = FilterBankGraph.CHANNELS % threads;
        for (int t = 0; t < threads; t++) {
            // Thread 0 also makes the source and combines: the threads with a bank more are the last ones.
            firstBank[t + 1] = firstBank[t] + banksEach + (t >= threads - extra ? 1 : 0);
        }
        for (int j = 0; j < banks.length; j++) {
            banks[j] = new Bank(j);
        }
        this.handed = new float[threads][][];
        this.done = new AtomicLong[threads];
        for (int t = 1; t < threads; t++) {
            handed[t] = new float[SLOTS][(firstBank[t + 1] - firstBank[t]) * ITEMS];
            done[t] = new AtomicLong();
        }
        this.running = new Thread[threads];
    }

    /** The threads it runs on. */
    public int threads() {
        return threads;
    }

    /** Starts the threads. */
    public void start() {
        for (int t = 0; t < threads; t++) {
            int index = t;
            Runnable loop = t == 0 ? this::combineLoop : () -> bankLoop(index);
            running[t] = new Thread(() -> {
                try {
                    loop.run();
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                    stopping = true;
                }
            }, "plain-filterbank-" + t);
            running[t].setDaemon(true);
            running[t].start();
        }
    }

    /** Steady-state iterations combined so far: any thread may read it while the program runs. */
    public long iterations() {
        return combined.getAcquire() * ITERATIONS;
    }

    /**
     * Stops the threads and waits for them.
     *
     * @throws IllegalStateException if one of them threw, with what it threw as the cause
     * @throws InterruptedException if interrupted while waiting
     */
    public void stop() throws InterruptedException {
        stopping = true;
        for (Thread t : running) {
            if (t != null) {
                t.join();
            }
        }
        Throwable thrown = failure.get();
        if (thrown != null) {
            throw new IllegalStateException("plain FilterBankNew on " + threads + " threads failed: " + thrown, thrown);
        }
    }

    /** The first outputs, at most {@link FloatPrinter#KEPT}: read after {@link #stop()}, which joined their writer. */
    public float[] kept() {
        return Arrays.copyOf(kept, (int) Math.min(kept.length, combined.get() * ITEMS));
    }

    /** Thread 0: the source ahead, its own banks, then each block combined as the others hand it back. */
    private void combineLoop() {
        float[][] own = new float[firstBank[1]][ITEMS];
        long next = 0;
        for (long block = 0; !stopping; block++) {
            // Block b's input slot is free once every thread handed back block b - SLOTS, which was
            // combined before this one: a ring's worth ahead is all the slack thread 0 can give.
            for (; next < block + SLOTS; next++) {
                float[] x = input[(int) (next % SLOTS)];
                for (int i = 0; i < ITEMS; i++) {
                    x[i] = source;
                    source = source > 1000 ? 0 : source + 1;
                }
                made.setRelease(next + 1);
            }
            float[] x = input[(int) (block % SLOTS)];
            for (int j = 0; j < firstBank[1]; j++) {
                banks[j].fire(x, own[j], 0);
            }
            for (int t = 1; t < threads; t++) {
                if (!await(done[t], block + 1)) {
                    return;
                }
            }
            combine(block, own);
            combined.setRelease(block + 1);
        }
    }

    private void combine(long block, float[][] own) {
        int slot = (int) (block % SLOTS);
        float[] sum = sums;
        // Combine's order for each output: 0, plus bank 0's, plus bank 1's, and so on; a bank at a
        // time over the block, so that C2 vectorizes the additions.
        Arrays.fill(sum, 0f);
        for (float[] y : own) {
            add(sum, y, 0);
        }
        for (int t = 1; t < threads; t++) {
            float[] y = handed[t][slot];
            for (int from = 0; from < y.length; from += ITEMS) {
                add(sum, y, from);
            }
        }
        long first = block * ITEMS;
        if (first < kept.length) {
            System.arraycopy(sum, 0, kept, (int) first, (int) Math.min(ITEMS, kept.length - first));
        }
    }

    private static void add(float[] sum, float[] y, int from) {
        for (int o = 0; o < ITEMS; o++) {
            sum[o] += y[from + o];
        }
    }

    /** Thread t > 0: its banks on each block, handed back into the ring. */
    private void bankLoop(int t) {
        for (long block = 0; !stopping; block++) {
            // Its output slot is free once thread 0 combined the block SLOTS before.
            if (!await(made, block + 1) || !await(combined, block + 1 - SLOTS)) {
                return;
            }
            int slot = (int) (block % SLOTS);
            float[] x = input[slot];
            float[] out = handed[t][slot];
            for (int j = firstBank[t]; j < firstBank[t + 1]; j++) {
                banks[j].fire(x, out, (j - firstBank[t]) * ITEMS);
            }
            done[t].setRelease(block + 1);
        }
    }

    /**
     * Spins until {@code counter} reaches {@code at}; false if stopped first. The yield only matters
     * when threads outnumber cores ({@code --cores} above the processors): with a core each, nothing
     * else is runnable and it returns at once.
     */
    @SuppressWarnings("ThreadPriorityCheck") // spinning is the policy; yield is its fallback, not scheduling
    private boolean await(AtomicLong counter, long at) {
        for (int spins = 0; counter.getAcquire() < at; spins++) {
            if (stopping) {
                return false;
            }
            if (spins % SPINS == SPINS - 1) {
                Thread.yield();
            } else {
                Thread.onSpinWait();
            }
        }
        return true;
    }

    /** One bank: Delay, FIR H, DownSamp(8), UpSamp(8), Delay, FIR F, a block at a time. */
    private static final class Bank {
        private final float[] analysis = new float[TAPS];
        private final float[] synthesis = new float[TAPS];
        /** The last TAPS - 1 items, oldest first, then the block's: the graph's DelayedFir window. */
        private final float[] hItems = new float[TAPS - 1 + ITEMS];
        private final float[] fItems = new float[TAPS - 1 + ITEMS];
        private final float[] hSums = new float[ITEMS];
        private final float[] fSums = new float[ITEMS];

        Bank(int j) {
            float[] h = FilterBankGraph.coefficients(j, true);
            float[] f = FilterBankGraph.coefficients(j, false);
            for (int i = 0; i < TAPS; i++) {
                analysis[i] = h[TAPS - 1 - i];
                synthesis[i] = f[TAPS - 1 - i];
            }
        }

        /** The bank's outputs for one block of input {@code x}, into {@code y} from {@code at}. */
        void fire(float[] x, float[] y, int at) {
            System.arraycopy(x, 0, hItems, TAPS - 1, ITEMS);
            DelayedFir.sum(hSums, hItems, analysis, ITEMS);
            System.arraycopy(hItems, ITEMS, hItems, 0, TAPS - 1);
            for (int o = 0; o < ITEMS; o++) {
                // DownSamp keeps the first of each 8, UpSamp puts it back followed by 7 zeros.
                fItems[TAPS - 1 + o] = o % 8 == 0 ? hSums[o] : 0f;
            }
            DelayedFir.sum(fSums, fItems, synthesis, ITEMS);
            System.arraycopy(fSums, 0, y, at, ITEMS);
            System.arraycopy(fItems, ITEMS, fItems, 0, TAPS - 1);
        }
    }
}
