package org.streamflex;

/**
 * Marker for classes whose instances live as long as the filter that created them.
 *
 * <p>By default everything a filter allocates in {@code work()} is transient and reclaimed when
 * {@code work()} returns. Objects of classes implementing {@code Stable} persist; their fields may
 * only hold primitives, other stable objects, or private final arrays allocated in every
 * constructor (the checker enforces this):
 * <pre>{@code
 * public class Buffer implements Stable {
 *     private final byte[] data;
 *     private int pos;
 *     public Buffer(int capacity) { data = new byte[capacity]; }
 * }
 * }</pre>
 */
public interface Stable {
}
