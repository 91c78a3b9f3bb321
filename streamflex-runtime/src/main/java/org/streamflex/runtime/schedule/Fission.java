package org.streamflex.runtime.schedule;

import java.lang.reflect.UndeclaredThrowableException;
import org.streamflex.DataChannel;
import org.streamflex.Filter;
import org.streamflex.abi.Regions;
import org.streamflex.runtime.channel.SpscRing;

/**
 * The batch loop of a stateless filter run by fission (WaveScript's rewrite of {@code map} into a
 * round-robin split, k copies and an order-preserving join): the batch's input window is copied
 * into each of k replicas' channels, a batch of n work() calls is cut into consecutive chunks
 * ({@link FissionChunks}), k parts run at once (part 0 on the filter's thread, the others on
 * {@link FissionWorkers}), each claiming the next unclaimed chunk from a shared counter and running
 * it on its replica until none is left, and the chunks' outputs are moved to the filter's outputs
 * in chunk order, so the items come out as one thread would have put them. It all happens inside
 * the filter's one batch transaction ({@link WorkTransaction#fireBatch}): when a chunk throws, no
 * part claims another, every replica's output is dropped and the failure is the filter's, judged
 * by its policy on its thread, as for any batch.
 *
 * <p>Why chunks claimed as the parts go, and not k fixed parts of n/k calls: calls differ in cost
 * (a direction-of-arrival call's cost grows with its detection's length), so with fixed parts one
 * thread idles while the other finishes the dearer half, and a worker that wakes late delays the
 * whole batch by its part. Claiming evens out both without knowing any call's cost. Cutting by
 * measured cost would need a cost per item before it runs, which the runtime does not have for a
 * filter's input; claiming needs nothing but an atomic add per chunk and a note of what each chunk
 * put, and the order is restored by the join. The price is the input window copied k times
 * instead of once (a chunk may run on any replica) and one replica transaction per chunk.
 *
 * <p>A part only pays off when its work outweighs a hand-off to another thread (microseconds):
 * the filter's first batches run on its own thread and are timed by its CPU time, and from then on
 * a batch is run by as many parts as it holds calls worth at least {@code minPartNanos} each, at
 * most k and at most one more than the worker threads, in at most 8 chunks a part of at least a
 * quarter of that work each; or, when one call alone is that much work, in chunks of one call (at most 256).
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
    /**
     * A batch is cut into at most this many chunks per part, each of at least a {@link #CHUNK_SHARE}th
     * of a part's least work ({@code minPartNanos}): enough chunks for the parts to even out calls of
     * different costs, and chunks large enough that a chunk's claim and transaction (a fraction of a
     * microsecond) stay a few percent of its calls.
     */
    private static final int CHUNKS_PER_PART = 8;
    private static final int CHUNK_SHARE = 4;
    /**
     * The most chunks a batch of heavy calls is cut into (each call alone at least a part's least work,
     * {@code minPartNanos}): one call a chunk, so that the batch ends with a wait of at most one call on the
     * other part, not the {@code count / (8k)} calls of a chunk under {@link #CHUNKS_PER_PART} (a batch of
     * 32 DOA calls of 0.7 ms, in 16 chunks of 2, ended with a wait of up to 1.4 ms of about 11 ms). A
     * chunk's claim and transaction are then well under a percent of its call.
     */
    static final int MAX_CHUNKS = 256;

    private final Firings local;
    private final Replica[] replicas;
    /** Each batch's chunks, which the parts claim; sized once, for the most chunks a batch is cut into. */
    private final FissionChunks chunks;
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
    /** Whether a call was measured to be at least {@code minPartNanos} (never when that is 0: nothing measured). */
    private boolean heavyCalls;
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
        this.inputs = inputs.clone();
        this.pops = pops.clone();
        this.chunks = new FissionChunks(Math.max(MAX_CHUNKS, replicas.length * CHUNKS_PER_PART), outputs.length);
        this.parts = new FissionPart[replicas.length];
        this.posted = new boolean[replicas.length];
        for (int j = 0; j < replicas.length; j++) {
            parts[j] = new FissionPart(replicas[j], j, chunks, this.pops);
        }
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
        // No more parts than threads to run them: a part beyond them would find every chunk claimed, and its
        // replica's copy of the window would be wasted.
        int k = minPartCalls == 0 ? 1 : Math.min(Math.min(replicas.length, 1 + FissionWorkers.shared().threads()),
                count / minPartCalls);
        if (k < 2) {
            if (minPartCalls != 0) {
                return local.fire(task, filter, count);
            }
            // The thread's CPU time, not the wall's: a preemption during a timed batch would make
            // every call look dearer, and the filter split into parts too small to pay off.
            long start = ThreadCpuClock.now();
            local.fire(task, filter, count);
            profile(ThreadCpuClock.now() - start, count);
            return count;
        }
        FissionWorkers.shared().wakeParked();
        if (beforeFirstSplit != null) {
            beforeFirstSplit.run();
            beforeFirstSplit = null;
        }
        chunks.cut(count, chunkCount(count, k, minPartCalls, heavyCalls));
        split(count, k);
        Thread self = Thread.currentThread();
        for (int j = 0; j < k; j++) {
            parts[j].prepare(self);
        }
        for (int j = 1; j < k; j++) {
            posted[j] = FissionWorkers.shared().post(parts[j]);
        }
        var slot = Regions.current();
        parts[0].run(slot);
        for (int j = 1; j < k; j++) {
            if (!posted[j]) {
                // Part 0 has claimed every chunk unless one threw: this finds none left, and is done at once.
                parts[j].run(slot);
            }
        }
        Throwable failure = null;
        int failedChunk = Integer.MAX_VALUE;
        for (int j = 0; j < k; j++) {
            if (posted[j]) {
                parts[j].await();
            }
            if (parts[j].failure() != null && parts[j].failedChunk() < failedChunk) {
                failure = parts[j].failure();
                failedChunk = parts[j].failedChunk();
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

    /**
     * How many chunks a batch of {@code count} calls split into {@code k} parts is cut into: calls measured
     * heavy (each at least a part's least work) one a chunk, up to {@link #MAX_CHUNKS}; lighter calls in at
     * most {@link #CHUNKS_PER_PART} chunks a part, each of at least a {@link #CHUNK_SHARE}th of a part's calls.
     *
     * @param minPartCalls calls a part must hold (at least 1)
     * @param heavy whether one call was measured to be at least a part's least work
     */
    static int chunkCount(int count, int k, int minPartCalls, boolean heavy) {
        if (heavy) {
            return Math.min(count, MAX_CHUNKS);
        }
        return Math.min(k * CHUNKS_PER_PART, count / Math.max(1, minPartCalls / CHUNK_SHARE));
    }

    /**
     * Copies the batch's input window, lookahead included, into each of the k replicas (a chunk may
     * run on any of them); takes the batch's items.
     */
    private void split(int count, int k) {
        for (int i = 0; i < inputs.length; i++) {
            int window = count * pops[i] + lookaheads[i];
            for (int j = 0; j < k; j++) {
                inputs[i].copyTo(replicas[j].input(i), window);
                replicas[j].inputRing(i).publishPuts();
            }
            inputs[i].skip(count * pops[i]);
        }
    }

    /**
     * Moves each chunk's outputs from the replica that ran it to the filter's, in chunk order (or
     * drops every replica's), and empties the replicas' inputs.
     */
    private void join(int k, boolean keep) {
        if (keep) {
            for (int c = 0; c < chunks.chunks(); c++) {
                Replica r = replicas[chunks.runner(c)];
                for (int o = 0; o < outputs.length; o++) {
                    r.output(o).transferTo(outputs[o], chunks.puts(c, o));
                }
            }
        }
        for (int j = 0; j < k; j++) {
            Replica r = replicas[j];
            for (int o = 0; o < outputs.length; o++) {
                r.output(o).skip(r.output(o).size()); // nothing left once kept; everything, dropped
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
            heavyCalls = perCall >= minPartNanos;
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
