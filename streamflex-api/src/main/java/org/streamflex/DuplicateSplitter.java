package org.streamflex;

/**
 * Built-in filter that copies every item of its input to each of its outputs, as StreamIt's
 * {@code split duplicate}. Connect one producer to it and any number of consumers from it (the
 * fields are chosen for you); all its channels carry the same kind of item, primitives or
 * capsules (a capsule sent to several outputs is copied, as for any capsule put twice).
 *
 * <pre>{@code
 * DuplicateSplitter split = makeFilter(DuplicateSplitter.class);
 * connect(source, split, 64);
 * for (Bank bank : banks) {
 *     connect(split, bank, 64);
 * }
 * }</pre>
 */
public final class DuplicateSplitter extends Filter {
    /** Injected by the runtime. */
    private DataChannel in;
    /** Injected by the runtime, one per connect from this splitter, in connection order. */
    private DataChannel[] outputs = new DataChannel[0];
    /**
     * Injected by the runtime: the rounds one work() moves at most. Unbounded, each work() moves
     * every whole round available; a fused task sets 1 and runs the work() once per round.
     */
    private int roundsPerWork = Integer.MAX_VALUE;

    private DuplicateSplitter() {
    }

    @Override
    public void work() {
        int n = Math.min(in.size(), roundsPerWork);
        for (DataChannel out : outputs) {
            in.copyTo(out, n);
        }
        in.skip(n);
    }
}
