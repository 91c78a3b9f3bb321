package org.streamflex.runtime.channel;

import org.streamflex.DataChannel;

/** The check of {@link DataChannel#transferTo(DataChannel)} and its kin: both ends carry the same kind of item. */
final class Transfers {
    private Transfers() {
    }

    static <C extends DataChannel> C sameKind(DataChannel source, DataChannel target, Class<C> kind) {
        if (!kind.isInstance(target)) {
            throw new IllegalArgumentException("transferTo: " + source.name() + " and "
                    + (target == null ? "null" : target.name()) + " do not carry the same kind of item");
        }
        return kind.cast(target);
    }
}
