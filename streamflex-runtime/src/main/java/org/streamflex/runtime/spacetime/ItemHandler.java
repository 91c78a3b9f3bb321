package org.streamflex.runtime.spacetime;

/**
 * What {@link InputConnection#getAsync(long, ItemHandler)} hands the item to: run on the thread
 * that put it (a server's event loop, for a remote put), after that put released the space's lock,
 * or at once on the caller's thread if the item is already there. It owns the view: it releases it
 * (try-with-resources), and it must not block (no waiting get, no sleep), since the thread it runs
 * on may be an event loop serving other connections.
 *
 * <pre>{@code
 * in.getAsync(ts, item -> {
 *     try (item) {
 *         out.put(item.timestamp(), item);   // relay it, on the putting thread
 *     }
 *     in.consume(item.timestamp());
 * });
 * }</pre>
 */
@FunctionalInterface
public interface ItemHandler {
    /** Takes the item got; a {@link RuntimeException} thrown here releases the view and is counted. */
    void onItem(ItemView item);
}
