package org.streamflex.bench.streamit;

import org.streamflex.Clock;
import org.streamflex.StreamFlexGraph;

/**
 * A ported StreamIt program whose every filter declares its rates, run in batches: the program is
 * one static subgraph, one release of its free-running {@link #clock} is {@link #batch}
 * steady-state iterations ({@link IterationBatch}), and each channel holds {@link #linkBatches}
 * batches' items ({@link #capacity(int)}). {@link FilterBankGraph} and {@link SerializedBeamFormer}
 * are built on it.
 *
 * <pre>{@code
 * public Program(int batch, int linkBatches) {
 *     super(batch, linkBatches);                  // checks linkBatches, makes the clock
 *     Source source = makeFilter("source", Source.ofBatch(batch));
 *     connect(clock, source, "timer");
 *     connect(source, sink, capacity(4));         // a channel of 4 items per iteration
 *     validate();
 * }
 * }</pre>
 */
public abstract class BatchedProgram extends StreamFlexGraph {
    /**
     * Batches each channel holds unless told otherwise: a member's batch then never stops at a full
     * output, and the fused task runs every member once per release.
     */
    public static final int LINK_BATCHES = 2;
    public final Clock clock;
    /** Steady-state iterations per release of {@link #clock}. */
    public final int batch;
    /** Batches each channel holds. */
    public final int linkBatches;

    /**
     * A program of {@code batch} iterations per release, a power of two up to
     * {@link IterationBatch#MAX}, with channels of {@code linkBatches} batches' items each, at least
     * 2; the subclass makes and connects its filters after this. On one worker more than 2 only
     * costs memory; between workers, a channel is all the slack one worker has while the other is
     * descheduled (a member fills a link between units only as far as its ring holds).
     *
     * @throws IllegalArgumentException if {@code linkBatches} is below 2
     */
    @SuppressWarnings("this-escape") // makeClock registers a clock; it reads nothing a subclass initializes
    protected BatchedProgram(int batch, int linkBatches) {
        if (linkBatches < 2) {
            throw new IllegalArgumentException("channels of " + linkBatches + " batches: at least 2");
        }
        this.batch = batch;
        this.linkBatches = linkBatches;
        clock = makeClock(0);
    }

    /** {@link #linkBatches} batches of a channel that carries {@code perIteration} items per steady-state iteration. */
    protected final int capacity(int perIteration) {
        return linkBatches * batch * perIteration;
    }
}
