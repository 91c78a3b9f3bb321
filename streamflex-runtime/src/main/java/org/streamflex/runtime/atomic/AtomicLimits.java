package org.streamflex.runtime.atomic;

import org.streamflex.StreamFlexProperties;

/**
 * What one {@code @Atomic} call may touch, which bounds what the filter's thread does to apply it:
 * at most {@code maxReads} comparisons, {@code maxWrites} stores and {@code maxCopiedElements}
 * elements copied in blocks. Fixed per graph when it is built; a call that touches more fails on
 * the Java side, naming the property that raises the bound.
 *
 * <pre>{@code
 * AtomicLimits limits = AtomicLimits.fromProperties();   // -Dstreamflex.atomic.maxReads=...
 * }</pre>
 */
public record AtomicLimits(int maxReads, int maxWrites, int maxCopiedElements) {
    /** The limits the {@code streamflex.atomic.*} system properties set now. */
    public static AtomicLimits fromProperties() {
        return new AtomicLimits(StreamFlexProperties.ATOMIC_MAX_READS.get(),
                StreamFlexProperties.ATOMIC_MAX_WRITES.get(),
                StreamFlexProperties.ATOMIC_MAX_COPIED_ELEMENTS.get());
    }
}
