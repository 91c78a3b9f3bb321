package org.streamflex.bench.events;

import org.streamflex.Channel;
import org.streamflex.Filter;

/**
 * Real-time statistics of the transactions found: how many, and the spread between the first and
 * last event of each (total, maximum, and a histogram in powers of two of microseconds).
 */
public final class EventSummarizer extends Filter {
    private Channel<Match> in;
    public long transactions;
    public long spreadSum;
    public long spreadMax;
    private final long[] histogram = new long[64];

    @Override
    public void work() {
        while (in.size() > 0) {
            Match m = in.take();
            long spread = m.lastMicros - m.firstMicros;
            transactions++;
            spreadSum += spread;
            spreadMax = Math.max(spreadMax, spread);
            histogram[63 - Long.numberOfLeadingZeros(spread | 1)]++;
        }
    }
}
