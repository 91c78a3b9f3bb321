package org.streamflex.runtime.channel;

/** A channel of the API implemented on one of the runtime's rings. */
public interface RingBacked {
    /** The ring that stores the channel's items. */
    SpscRing ring();
}
