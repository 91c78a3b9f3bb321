package org.streamflex.samples.ids.pcap;

/**
 * Receives the frames a capture reader finds, in file order.
 *
 * <pre>{@code
 * FrameSink count = (frame, length, nanos, linkType) -> { frames++; return true; };
 * }</pre>
 */
@FunctionalInterface
public interface FrameSink {
    /**
     * One frame of a link type the IDS analyzes ({@code LinkType.analyzed}).
     *
     * @param frame its bytes, from 0; reused once the call returns
     * @param timestampNanos capture time, nanoseconds since the epoch
     * @return true to go on, false to stop reading
     */
    boolean frame(byte[] frame, int length, long timestampNanos, int linkType);
}
