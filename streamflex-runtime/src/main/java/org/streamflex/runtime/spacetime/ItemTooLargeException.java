package org.streamflex.runtime.spacetime;

/** A put of more bytes than the space's item size bound ({@link SpaceTime#maxItemBytes()}). */
public final class ItemTooLargeException extends SpaceTimeException {
    private static final long serialVersionUID = 1L;

    ItemTooLargeException(String where, long timestamp, long bytes, long max) {
        super("item of " + bytes + " bytes put at timestamp " + timestamp + " on " + where
                + " exceeds the space's bound of " + max + " bytes; split it or create the space with a larger bound");
    }
}
