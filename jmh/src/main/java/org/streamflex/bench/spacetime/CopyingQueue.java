package org.streamflex.bench.spacetime;

import org.jctools.queues.SpscArrayQueue;

/**
 * The JCTools baseline of the space-time benchmarks: a bounded single-producer single-consumer
 * queue of byte payloads that, like a space-time channel, copies each item in at the offer and out
 * at the poll, so the producer may reuse its buffer at once. Allocation-free: {@code capacity}
 * buffers travel between a queue of full ones and a queue of free ones, both JCTools
 * {@link SpscArrayQueue}s; since the two together hold exactly {@code capacity} buffers, an offer
 * that found a free buffer always finds room in the full queue.
 *
 * <pre>{@code
 * CopyingQueue q = new CopyingQueue(1024, 64);
 * q.offer(src);   // false when 1024 items wait
 * q.poll(dst);    // false when none waits
 * }</pre>
 */
final class CopyingQueue {
    private final SpscArrayQueue<byte[]> full;
    private final SpscArrayQueue<byte[]> free;

    /** {@code capacity} must be a power of two (JCTools rounds up to one), {@code bytes} each item's size. */
    CopyingQueue(int capacity, int bytes) {
        if (Integer.bitCount(capacity) != 1) {
            throw new IllegalArgumentException("capacity must be a power of two: " + capacity);
        }
        full = new SpscArrayQueue<>(capacity);
        free = new SpscArrayQueue<>(capacity);
        for (int i = 0; i < capacity; i++) {
            free.offer(new byte[bytes]);
        }
    }

    /** The producer's side: copies {@code src} into a free buffer and queues it; false when full. */
    boolean offer(byte[] src) {
        byte[] buffer = free.poll();
        if (buffer == null) {
            return false;
        }
        System.arraycopy(src, 0, buffer, 0, src.length);
        full.offer(buffer);
        return true;
    }

    /** The consumer's side: copies the oldest item into {@code dst} and frees its buffer; false when empty. */
    boolean poll(byte[] dst) {
        byte[] buffer = full.poll();
        if (buffer == null) {
            return false;
        }
        System.arraycopy(buffer, 0, dst, 0, buffer.length);
        free.offer(buffer);
        return true;
    }
}
