package org.streamflex.runtime.net;

import org.streamflex.Capsule;

/**
 * What {@link CapsuleLinkReceiver#consumeOnLoop} hands each received capsule to: run on the link's
 * Netty event loop, by the read that brought the item, oldest first. The capsule is the one given
 * to {@code consumeOnLoop}, decoded anew for each item: the handler copies out what it keeps (or
 * offers it on a sending link, which encodes it at once). It must not block (no sleep, no waiting
 * offer): the loop serves every connection on it, the sending link it may offer to among them.
 *
 * <pre>{@code
 * in.consumeOnLoop(pooled, (sequence, reading) -> {
 *     return back.offer(reading);  // false (CREDIT, no room): kept, handed again later
 * });
 * }</pre>
 *
 * @param <C> the capsule type
 */
@FunctionalInterface
public interface CapsuleHandler<C extends Capsule> {
    /**
     * Takes the item numbered {@code sequence} on its link (a gap in the numbers is what was dropped
     * or lost on the way, as the receiver's counters say). Returns true once it consumed the item,
     * which leaves the queue and whose room the sender is granted again in CREDIT mode; false to keep
     * it: the item stays first in the queue, and is handed again when more items arrive, when
     * {@link CapsuleLinkReceiver#resume()} is called, or at the link's next 50 ms tick.
     *
     * <p>A {@link RuntimeException} thrown here consumes the item and is counted
     * ({@link LinkCounters#consumeFailed()}), the first logged with the handler's class; the link goes on.
     */
    boolean onItem(long sequence, C item);
}
