package org.streamflex.runtime.net;

/**
 * The receiver's view of a link's sequence numbers: the next one it expects, and how the gaps it
 * finds are counted. A gap is first explained by items the sender reported dropped (LOST frames,
 * which it sends before the DATA after its drops) and counted as dropped at the sender; the rest
 * was lost in transit. Numbers going backwards are a protocol error. Used by one event-loop thread.
 * It outlives connections: a sender reconnecting after a fault says in its HELLO where it resumes
 * and how many items it dropped before that, which explains the gap the dead connection left.
 *
 * <pre>{@code
 * gaps.onLost(2);          // the sender dropped 2
 * gaps.onData(5, 10);      // expected 0: 5 missing, 2 dropped at the sender, 3 lost in transit
 * }</pre>
 */
public final class SequenceGaps {
    private final LinkCounters counters;
    private long expected;
    private long reportedDrops;
    /** The sender's drops this receiver has counted, all numbered below {@link #expected}. */
    private long explainedDrops;

    /** Gaps counted into {@code counters}; the first sequence number expected is 0. */
    public SequenceGaps(LinkCounters counters) {
        this.counters = counters;
    }

    /** The sequence number expected next. */
    public long expected() {
        return expected;
    }

    /**
     * A sending link this receiver has not seen before starts at {@code resumeFrom}: what came
     * before it went elsewhere (to an earlier receiver, say one that was restarted) and is not
     * counted here.
     *
     * @param droppedBefore the sender's drops numbered below {@code resumeFrom}
     */
    public void start(long resumeFrom, long droppedBefore) {
        expected = resumeFrom;
        reportedDrops = 0;
        explainedDrops = droppedBefore;
    }

    /**
     * The same sending link reconnected after its connection died: the numbers from the expected one
     * to {@code resumeFrom} will never arrive. Those the sender dropped ({@code droppedBefore} less
     * the drops already counted) are counted dropped at the sender, the rest lost in transit. LOST
     * reports of the dead connection are forgotten: the sender reports again what lies beyond.
     */
    public void resume(long resumeFrom, long droppedBefore) {
        if (resumeFrom < expected) {
            throw new ProtocolException("HELLO resuming from sequence number " + resumeFrom
                    + " goes backwards: the link expected " + expected + " or later");
        }
        long gap = resumeFrom - expected;
        long bySender = Math.max(0, Math.min(gap, droppedBefore - explainedDrops));
        counters.addDroppedAtSender(bySender);
        counters.addLostInTransit(gap - bySender);
        expected = resumeFrom;
        reportedDrops = 0;
        explainedDrops = droppedBefore;
    }

    /** The sender reported {@code items} more drops. */
    public void onLost(long items) {
        reportedDrops += items;
    }

    /** A DATA frame of {@code count} items from {@code first}. */
    public void onData(long first, int count) {
        if (first < expected) {
            throw new ProtocolException("DATA frame with first sequence number " + first
                    + " goes backwards: the link expected " + expected + " or later");
        }
        explain(first - expected);
        expected = first + count;
    }

    /** The sender's CLOSE: items up to {@code nextSequence} were sent or dropped. */
    public void onClose(long nextSequence) {
        if (nextSequence > expected) {
            explain(nextSequence - expected);
            expected = nextSequence;
        }
    }

    private void explain(long gap) {
        if (gap == 0) {
            return;
        }
        long bySender = Math.min(gap, reportedDrops);
        reportedDrops -= bySender;
        explainedDrops += bySender;
        counters.addDroppedAtSender(bySender);
        counters.addLostInTransit(gap - bySender);
    }
}
