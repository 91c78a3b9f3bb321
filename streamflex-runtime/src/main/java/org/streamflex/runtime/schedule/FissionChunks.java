package org.streamflex.runtime.schedule;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The chunks of one split batch and who ran each: the batch's n work() calls cut into consecutive
 * chunks, which the parts ({@link FissionPart}: the filter's thread's and the workers') claim one
 * at a time, in order, from a shared counter, so that a part that drew cheap calls takes more of
 * them and no thread idles while another finishes a fixed half. The filter's thread then moves
 * each chunk's outputs from the replica that ran it to the filter's outputs in chunk order.
 *
 * <p>Memory ordering: {@code next} is claimed with {@code getAndAdd} (an atomic read-modify-write),
 * so each chunk goes to exactly one part. Everything else is plain: the filter's thread writes the
 * chunk bounds before it posts the parts (a worker reads them after the post's compare-and-set,
 * {@link FissionWorkers}); a part writes the runner and output counts of the chunks it claimed
 * before it publishes its {@code done} with release, and the filter's thread reads them after it
 * has acquired every part's {@code done} ({@link FissionPart#await()}).
 *
 * <pre>{@code
 * chunks.cut(count, 8);                    // filter's thread, before posting
 * for (int c; (c = chunks.claim()) >= 0; ) { ... run calls [start(c), start(c) + calls(c)) ...; ran(c, j) }
 * }</pre>
 */
final class FissionChunks {
    private static final VarHandle NEXT;

    static {
        try {
            NEXT = MethodHandles.lookup().findVarHandle(FissionChunks.class, "next", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Chunk c's calls are [starts[c], starts[c + 1]); written by the filter's thread before posting. */
    private final int[] starts;
    /** The replica that ran chunk c; written by that part before its done. */
    private final int[] runners;
    /** Items chunk c put on output o, at {@code c * outputs + o}; written by the part that ran it. */
    private final int[] puts;
    private final int outputs;
    private int chunks;
    /** The next chunk to claim: {@code getAndAdd} only, while parts run. */
    @SuppressWarnings("unused") // through NEXT
    private int next;

    /**
     * @param maxChunks the most chunks one batch is cut into
     * @param outputs the filter's outputs
     */
    FissionChunks(int maxChunks, int outputs) {
        this.starts = new int[maxChunks + 1];
        this.runners = new int[maxChunks];
        this.puts = new int[maxChunks * Math.max(1, outputs)];
        this.outputs = outputs;
    }

    /** The most chunks one batch may be cut into. */
    int maxChunks() {
        return runners.length;
    }

    /** By the filter's thread, before the parts are posted: {@code count} calls in {@code chunks} near-equal chunks. */
    void cut(int count, int chunks) {
        if (chunks < 1 || chunks > runners.length || chunks > count) {
            throw new IllegalArgumentException(count + " calls cannot be cut into " + chunks + " chunks of at least"
                    + " one call, at most " + runners.length);
        }
        this.chunks = chunks;
        int base = count / chunks;
        int extra = count % chunks;
        int at = 0;
        for (int c = 0; c < chunks; c++) {
            starts[c] = at;
            at += base + (c < extra ? 1 : 0);
        }
        starts[chunks] = at;
        NEXT.set(this, 0);
    }

    /** The filter's outputs. */
    int outputs() {
        return outputs;
    }

    /** Chunks of the batch cut last. */
    int chunks() {
        return chunks;
    }

    /** The next unclaimed chunk, now the caller's alone; -1 once all are claimed (or the batch failed). */
    int claim() {
        int c = (int) NEXT.getAndAdd(this, 1);
        return c < chunks ? c : -1;
    }

    /** After a failure: no part claims another chunk, since the batch's outputs are all dropped. */
    void stop() {
        NEXT.getAndAdd(this, chunks);
    }

    /** Chunk c's first call, counted from the batch's first. */
    int start(int c) {
        return starts[c];
    }

    /** Chunk c's calls. */
    int calls(int c) {
        return starts[c + 1] - starts[c];
    }

    /** By the part that claimed chunk c: replica {@code replica} ran it. */
    void ran(int c, int replica) {
        runners[c] = replica;
    }

    /** By the part that claimed chunk c: it put {@code items} on output o. */
    void put(int c, int o, int items) {
        puts[c * outputs + o] = items;
    }

    /** The replica that ran chunk c (after every part's done). */
    int runner(int c) {
        return runners[c];
    }

    /** Items chunk c put on output o (after every part's done). */
    int puts(int c, int o) {
        return puts[c * outputs + o];
    }
}
