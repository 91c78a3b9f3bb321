package org.streamflex.runtime.spacetime;

/**
 * A read of an {@link ItemView} after its {@link ItemView#release()}, or a second release: the
 * memory behind a released view may already hold another item. Get the item again to read it.
 */
public final class ItemReleasedException extends SpaceTimeException {
    private static final long serialVersionUID = 1L;

    ItemReleasedException(String message) {
        super(message);
    }
}
