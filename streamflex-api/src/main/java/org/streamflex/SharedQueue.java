package org.streamflex;

import org.streamflex.abi.Regions;
import org.streamflex.abi.WorkScope;

/**
 * The container a filter keeps {@link Shared} values in across releases (what {@code sync} and
 * {@code rewindow} buffer): a bounded FIFO that holds a reference to each value it contains. A
 * plain field holding a shared value is a compile error (rule S1); this is the sanctioned way.
 * It is stable: allocated with the filter, in its stable memory, and allocates nothing afterwards.
 *
 * <pre>{@code
 * class Delay extends Filter {
 *     private SharedChannel<FloatSeg> in, out;
 *     private final SharedQueue<FloatSeg> held = new SharedQueue<>(4);
 *     public void work() {
 *         held.add(in.take());
 *         if (held.size() == 4) {
 *             out.put(held.removeFirst());   // valid until work() returns
 *         }
 *     }
 * }
 * }</pre>
 *
 * <p>Like every stable field, a queue is not rolled back when {@code work()} throws: what was added
 * stays added. Not thread-safe: one filter owns it.
 *
 * @param <T> the shared type kept
 */
public final class SharedQueue<T extends Shared> implements Stable {
    private final Shared[] items;
    private int head;
    private int size;

    /** An empty queue of at most {@code capacity} values. */
    public SharedQueue(int capacity) {
        if (capacity <= 0) {
            throw new IllegalArgumentException("SharedQueue capacity must be positive, was " + capacity);
        }
        this.items = new Shared[capacity];
    }

    /** Values held. */
    public int size() {
        return size;
    }

    /** Whether no value is held. */
    public boolean isEmpty() {
        return size == 0;
    }

    /** The most values the queue holds. */
    public int capacity() {
        return items.length;
    }

    /**
     * Adds {@code value} at the end, holding a reference to it.
     *
     * @return false if the queue is full: nothing was added, and the caller decides what to drop
     */
    public boolean add(T value) {
        if (value == null) {
            throw new NullPointerException("SharedQueue.add(null)");
        }
        if (size == items.length) {
            return false;
        }
        value.retain();
        items[(head + size) % items.length] = value;
        size++;
        return true;
    }

    /**
     * The i-th value from the front, still held by the queue.
     *
     * @throws IndexOutOfBoundsException if {@code i} is not below {@link #size()}
     */
    @SuppressWarnings("unchecked")
    public T get(int i) {
        if (i < 0 || i >= size) {
            throw new IndexOutOfBoundsException("SharedQueue.get(" + i + ") with " + size + " values held");
        }
        return (T) items[(head + i) % items.length];
    }

    /**
     * Removes the front value and hands its reference to the running {@code work()}: it stays valid
     * until that {@code work()} returns. Outside a {@code work()}, the caller owns the reference and
     * releases it.
     *
     * @throws IndexOutOfBoundsException if the queue is empty
     */
    public T removeFirst() {
        T value = get(0);
        unlinkFirst();
        WorkScope scope = Regions.current().workScope();
        if (scope != null) {
            scope.adopt(value);
        }
        return value;
    }

    /**
     * Removes the front value and releases the queue's reference to it: for values no longer needed.
     *
     * @throws IndexOutOfBoundsException if the queue is empty
     */
    public void dropFirst() {
        T value = get(0);
        unlinkFirst();
        value.release();
    }

    /**
     * Replaces the last value with {@code value}, holding a reference to the new one and releasing
     * the queue's reference to the old (what an append to the newest run does).
     *
     * @throws IndexOutOfBoundsException if the queue is empty
     */
    public void replaceLast(T value) {
        if (value == null) {
            throw new NullPointerException("SharedQueue.replaceLast(null)");
        }
        int last = (head + size - 1) % items.length;
        Shared old = get(size - 1);
        value.retain();
        items[last] = value;
        old.release();
    }

    /** Releases every value held. */
    public void clear() {
        while (size > 0) {
            dropFirst();
        }
    }

    private void unlinkFirst() {
        items[head] = null;
        head = (head + 1) % items.length;
        size--;
    }
}
