package org.streamflex.spi;

import org.streamflex.Capsule;

/**
 * A {@link SlotStore} of capsule references: the storage of {@link org.streamflex.Channel}.
 *
 * <pre>{@code
 * slots.put(capsule);   // what Channel.put(capsule) does
 * }</pre>
 */
public interface CapsuleSlots extends SlotStore {
    /** Returns false if the ring was full: the capsule is dropped and counted. */
    boolean put(Capsule capsule);

    Capsule take();

    void untake(Capsule capsule);

    Capsule peek(int i);
}
