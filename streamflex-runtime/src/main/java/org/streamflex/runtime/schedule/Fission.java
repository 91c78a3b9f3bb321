package org.streamflex.runtime.schedule;

import java.lang.reflect.UndeclaredThrowableException;
import org.streamflex.DataChannel;
import org.streamflex.Filter;
import org.streamflex.abi.Regions;
import org.streamflex.runtime.channel.SpscRing;

/**
 * The batch loop of a stateless filter run by fission (WaveScript's rewrite of {@code map} into a
 * round-robin split, k copies and an order-preserving join): a batch of n work() calls is cut into
 * k consecutive parts, part j's input window is copied into replica j's channels, the parts run at
 * once (part 0 on the filter's thread, the others on {@link FissionWorkers}), and their outputs
 * are moved to the filter's outputs in part order, so the items come out as one thread would have
 * put them. It all happens inside the filter's one batch transaction ({@link WorkTransaction#fireBatch}):
 * when a part throws, every replica's output is dropped and the failure is the filter's, judged by
 * its policy on its thread, as for any batch.
 *
 * <p>A part only pays off when its work outweighs a hand-off to another thread (microseconds):
 * the filter's first batches run on its own thread and are timed, and from then on a batch is cut
 * into as many parts as it holds calls worth at least {@code minPartNanos} each, at most k.
 *
 * <pre>{@code
 * Fission loop = new Fission(replicas, inputs, pops, lookaheads, outputs, 20_000, copyFields);
 * task.fireBatch(slot, 512, loop);   // up to k parts at once, outputs in order
 * }</pre>
 */
final class Fission extends Firings {
    /** Batches timed before deciding the part size; the first half warms the JIT and is not counted. */
    private static final int PROFILED_BATCHES = 64;
    /**
     * A profile's warm-up also ends once its batches took this long, and its timing once its batches
     * took {@link #TIMED_NANOS}: a heavy filter (a DOA of a millisecond a call, in batches of 8 or 16)
     * would otherwise run 64 batches, hundreds of calls, on one thread before its first split. 50 ms
     * of one filter's calls is past the JIT's compile thresholds for the loops that make a call
     * heavy; and a cost measured a little high only makes parts a little smaller than asked.
     */
    private static final long WARM_UP_NANOS = 50_000_000L;
    private static final long TIMED_NANOS = 10_000_000L;

    private final Firings local;
    private final Replica[] replicas;
    private final FissionPart[] parts;
    /** Which parts of the batch running now went to a worker; written and read by the filter's thread. */
    private final boolean[] posted;
    private final DataChannel[] inputs;
    private final int[] pops;
    private final int[] lookaheads;
    private final DataChannel[] outputs;
    private final long minPartNanos;
    /** Null once run: copies the filter's fields into the replicas before the first split. */
    private Runnable beforeFirstSplit;

    /** Calls a part must hold; 0 while the filter's cost is still being measured. */
    private int minPartCalls;
    private int warmUpBatches;
    private long warmUpNanos;
    private int profiledBatches;
    private long profiledNanos;
    private long profiledCalls;

    Fission(Replica[] replicas, DataChannel[] inputs, int[] pops, int[] lookaheads, DataChannel[] outputs,
            long minPartNanos, Runnable beforeFirstSplit) {
        this.beforeFirstSplit = beforeFirstSplit;
        this.replicas = replicas.clone();
        this.local = FiringLoops.loopFor(replicas[0].filter().getClass());
        this.parts = new FissionPart[replicas.length];
        this.posted = new boolean[replicas.length];
        for (int j = 0; j < replicas.length; j++) {
            parts[j] = new FissionPart(replicas[j]);
        }
        this.inputs = inputs.clone();
        this.pops = pops.clone();
        this.lookaheads = lookaheads.clone();
        this.outputs = outputs.clone();
        this.minPartNanos = minPartNanos;
        this.minPartCalls = minPartNanos == 0 ? 1 : 0;
    }

    /** Replicas of the filter. */
    int replicas() {
        return replicas.length;
    }

    @Override
    int fire(WorkTransaction task, Filter filter, int count) {
        int k = minPartCalls == 0 ? 1 : Math.min(replicas.length, count / minPartCalls);
        if (k < 2) {
            if (minPartCalls != 0) {
                return local.fire(task, filter, count);
            }
            long start = System.nanoTime();
            local.fire(task, filter, count);
            profile(System.nanoTime() - start, count);
            return count;
        }
        FissionWorkers.shared().wakeParked();
        if (beforeFirstSplit != null) {
            beforeFirstSplit.run();
            beforeFirstSplit = null;
        }
        split(count, k);
        Thread self = Thread.currentThread();
        for (int j = 0; j < k; j++) {
            parts[j].prepare(callsOfPart(count, k, j), self);
        }
        for (int j = 1; j < k; j++) {
            posted[j] = FissionWorkers.shared().post(parts[j]);
        }
        var slot = Regions.current();
        parts[0].run(slot);
        for (int j = 1; j < k; j++) {
            if (!posted[j]) {
                parts[j].run(slot);
            }
        }
        Throwable failure = null;
        for (int j = 0; j < k; j++) {
            if (posted[j]) {
                parts[j].await();
            }
            if (failure == null) {
                failure = parts[j].failure();
            }
        }
        join(k, failure == null);
        if (task instanceof FilterTask filterTask) {
            // The replicas raised the filter's events on their threads: count them as the filter's.
            for (int j = 0; j < k; j++) {
                replicas[j].task().events().handOverTo(filterTask.events());
            }
        }
        if (failure != null) {
            rethrow(failure);
        }
        return count;
    }

    private static int callsOfPart(int count, int k, int j) {
        return count / k + (j < count % k ? 1 : 0);
    }

    /** Copies each part's input window, lookahead included, into its replica; takes the part's items. */
    private void split(int count, int k) {
        for (int j = 0; j < k; j++) {
            int calls = callsOfPart(count, k, j);
            Replica r = replicas[j];
            for (int i = 0; i < inputs.length; i++) {
                inputs[i].copyTo(r.input(i), calls * pops[i] + lookaheads[i]);
                inputs[i].skip(calls * pops[i]);
                r.inputRing(i).publishPuts();
            }
        }
    }

    /** Moves the replicas' outputs to the filter's, in part order (or drops them), and empties their inputs. */
    private void join(int k, boolean keep) {
        for (int j = 0; j < k; j++) {
            Replica r = replicas[j];
            for (int o = 0; o < outputs.length; o++) {
                if (keep) {
                    r.output(o).transferTo(outputs[o]);
                } else {
                    r.output(o).skip(r.output(o).size());
                }
                r.outputRing(o).publishTakes();
            }
            for (int i = 0; i < inputs.length; i++) {
                SpscRing ring = r.inputRing(i);
                r.input(i).skip(r.input(i).size());
                ring.publishTakes();
            }
        }
    }

    private void profile(long nanos, int count) {
        if (warmUpBatches < PROFILED_BATCHES / 2 && warmUpNanos < WARM_UP_NANOS) {
            warmUpBatches++;
            warmUpNanos += nanos;
            return;
        }
        profiledBatches++;
        profiledNanos += nanos;
        profiledCalls += count;
        if (profiledBatches == PROFILED_BATCHES / 2 || profiledNanos >= TIMED_NANOS) {
            double perCall = Math.max(1e-3, (double) profiledNanos / profiledCalls);
            minPartCalls = (int) Math.min(Integer.MAX_VALUE, Math.max(1, Math.ceil(minPartNanos / perCall)));
        }
    }

    /** Throws what a part threw as it was thrown: the filter's policy judges it as its own. */
    private static void rethrow(Throwable failure) {
        if (failure instanceof RuntimeException r) {
            throw r;
        }
        if (failure instanceof Error e) {
            throw e;
        }
        throw new UndeclaredThrowableException(failure); // a checked exception, thrown around javac's checks
    }
}
